import TorchCore

extension TorchController {
    /// A pattern as log lines and refusals name it: its library name (`strobe-fast`,
    /// a `[pattern.NAME]`), else its canonical text (`tactical-strobe rate=15Hz`).
    public func patternName(_ pattern: Pattern) -> String {
        let library = settings.library
        return library.names.first { (try? library.lookup($0)) == pattern } ?? pattern.canonicalText
    }
}
