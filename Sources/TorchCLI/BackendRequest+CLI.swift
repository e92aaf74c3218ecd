import TorchCore

extension BackendRequest {
    /// The `--backend` values in alphabetical order, as the help and errors list them:
    /// `auto|gpiod|pwm|sim`.
    static var sortedNames: [String] { allCases.map(\.rawValue).sorted() }

    /// "auto, gpiod, pwm or sim".
    static var spelledChoices: String { WordList.or(sortedNames) }
}
