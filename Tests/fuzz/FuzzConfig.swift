/// The config file (INI → TorchConfig → pattern library and settings), with the front
/// ends' sections (`[web]`, `[mqtt]`: run.sh compiles them in); a file refused gives
/// error lines that echo it escaped.
func fuzzConfig(_ bytes: [UInt8]) {
    let input = text(bytes)
    let config: TorchConfig
    do { config = try TorchConfig.parse(input, file: "torch.conf", frontEnds: fuzzFrontEndSections) } catch {
        checkErrorLines(error.lines, from: input)
        return
    }
    guard let library = try? PatternLibrary(config: config) else { return }
    for name in library.names {
        guard let p = try? library.lookup(name) else { violated("listed pattern '\(name)' not found", input) }
        checkAccepted(p, from: input)
    }
    _ = try? TorchSettings(config: config, library: library)
}
