#if canImport(Glibc)
import Glibc
#endif

/// The one-line errors of the GPIO backend. Each names the thing, says what is
/// allowed or what to do, and carries the errno when a system call failed.
public enum GPIOErrors {
    /// The chip does not exist; lists those that do.
    public static func chipMissing(_ name: GPIOChipName, available: [GPIOChipEntry]) -> HardwareError {
        let list = available.isEmpty
            ? "this machine has no GPIO chips"
            : "chips here: " + available.map(\.description).joined(separator: ", ")
        return HardwareError("gpio chip '\(name)' not found (\(list))", errno: ENOENT)
    }

    /// The chip device exists but this user may not open it.
    public static func permissionDenied(path: String, errno code: Int32 = EACCES) -> HardwareError {
        HardwareError(
            "\(path): permission denied (add the user to group 'gpio' or run as root; "
                + "/dev/gpiochip* is root:gpio 0660 on Raspberry Pi OS)",
            errno: code)
    }

    /// A line offset past the chip's last line.
    public static func offsetOutOfRange(_ offset: Int, chip: String, lineCount: Int) -> HardwareError {
        let range = lineCount > 0 ? "lines 0…\(lineCount - 1)" : "no lines"
        return HardwareError("\(chip) line \(offset): offset out of range (\(chip) has \(range))",
                             errno: EINVAL)
    }

    /// No line has that name; suggests close names.
    public static func unknownLineName(_ name: String, chip: String, lineNames: [String]) -> HardwareError {
        let close = closeNames(to: name, in: lineNames)
        let hint: String
        if !close.isEmpty {
            hint = "close: " + close.joined(separator: ", ")
        } else if lineNames.allSatisfy(\.isEmpty) {
            hint = "its lines have no names: use an offset"
        } else {
            hint = "see 'torch probe' for the line names"
        }
        return HardwareError("\(chip): no line named '\(name)' (\(hint))", errno: ENOENT)
    }

    /// The line is held by someone else (named by its consumer label). When that label is
    /// torch's and other torch processes run (`torches`, their pids), they are named with
    /// how to stop them: one of them holds it.
    public static func lineBusy(chip: String, line: GPIOLineInfo, torches: [Int32] = []) -> HardwareError {
        let holder = line.consumer.isEmpty ? "an unlabelled consumer" : "'\(line.consumer)'"
        guard line.consumer == "torch", let first = torches.first else {
            return HardwareError("\(chip) \(line.label): busy, held by \(holder) (stop it or pick another line)", errno: EBUSY)
        }
        let pids = torches.map { "pid \($0)" }.joined(separator: ", ")
        let who = torches.count == 1 ? "another torch runs: \(pids)" : "other torches run: \(pids)"
        return HardwareError("\(chip) \(line.label): busy, held by \(holder) (\(who); stop it (systemctl stop torch, "
                             + "or kill \(first)) or pick another line)", errno: EBUSY)
    }

    /// Any other failed call, with the system's text for the errno.
    public static func failed(_ what: String, errno code: Int32) -> HardwareError {
        HardwareError("\(what): \(errnoText(code))", errno: code)
    }


    /// The names nearest to `word` (case-insensitive edit distance, at most 2; only the
    /// nearest ones), then those starting with `word`; up to five, in the chip's order.
    static func closeNames(to word: String, in names: [String]) -> [String] {
        let w = Array(word.lowercased())
        guard !w.isEmpty else { return [] }
        let scored = names.filter { !$0.isEmpty }.map { name -> (name: String, distance: Int, prefix: Bool) in
            let n = Array(name.lowercased())
            return (name, editDistance(w, n), w.count >= 3 && n.starts(with: w))
        }
        let best = scored.map(\.distance).min() ?? Int.max
        var found: [String] = []
        for s in scored where (s.distance == best && best <= 2) || s.prefix {
            if !found.contains(s.name) { found.append(s.name) }
        }
        return Array(found.prefix(5))
    }

    /// Levenshtein distance with adjacent swaps counted once.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
