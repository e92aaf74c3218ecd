import TorchCore

extension BackendRequest {
    /// The `--backend` values in alphabetical order, as the help and errors list them:
    /// `auto|gpiod|pwm|sim`.
    static var sortedNames: [String] { allCases.map(\.rawValue).sorted() }

    /// "auto, gpiod, pwm or sim".
    static var spelledChoices: String {
        let names = sortedNames
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
