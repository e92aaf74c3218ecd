import TorchCore
import TorchHardware

/// The questions of `torch setup`, answered on stdin one line each (a terminal, or
/// lines piped in), or by their defaults with `--yes` (a script's run).
struct SetupAnswers {
    /// `--yes`: every question takes its default, and nothing is read.
    var assumeYes: Bool

    /// The answer to `question`, or `suggestion` for an empty line, end of input or `--yes`.
    func ask(_ question: String, suggestion: String?) -> String? {
        let shown = suggestion.map { " [\($0)]" } ?? ""
        if assumeYes {
            StandardOutput.write("\(question)\(shown): \(suggestion ?? "")\n")
            return suggestion
        }
        StandardOutput.write("\(question)\(shown): ")
        guard let line = readLine() else {
            StandardOutput.write("\n")
            return suggestion
        }
        let answer = line.trimmedASCII
        return answer.isEmpty ? suggestion : answer
    }

    /// Yes or no; an empty line, end of input or `--yes` is `yes` (when the question
    /// offers it as the default), and anything but y/yes/n/no asks again.
    func confirm(_ question: String, defaultYes: Bool) -> Bool {
        let hint = defaultYes ? "[Y/n]" : "[y/N]"
        if assumeYes {
            StandardOutput.write("\(question) \(hint): yes\n")
            return true
        }
        while true {
            StandardOutput.write("\(question) \(hint): ")
            guard let line = readLine() else {
                StandardOutput.write("\n")
                return defaultYes
            }
            switch line.trimmedASCII.lowercased() {
            case "": return defaultYes
            case "y", "yes": return true
            case "n", "no": return false
            default: StandardOutput.write("  (y or n)\n")
            }
        }
    }
}
