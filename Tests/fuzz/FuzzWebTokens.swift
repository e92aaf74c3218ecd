/// The phones' token file (`web-tokens`): never crashes; a refusal is one line naming
/// the file and its line and never quoting the line's token; a file it reads has unique
/// names and tokens, every one well formed, and written back reads as the same phones.
func fuzzWebTokens(_ bytes: [UInt8]) {
    let input = text(bytes)
    let table: WebTokenTable
    do { table = try WebTokenFileFormat.parse(input, path: "web-tokens") } catch {
        guard !error.message.contains("\n"), error.message.hasPrefix("web-tokens:") else {
            violated("refusal '\(error.message)' is not one line naming the file", input)
        }
        // The fourth field of the line named is the secret: never in the message
        // (unless the line's other fields, which messages quote, hold it too).
        let named = error.message.dropFirst("web-tokens:".count).prefix { $0 >= "0" && $0 <= "9" }
        let lines = input.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        if let n = Int(named), n >= 1, n <= lines.count {
            let fields = lines[n - 1].split(separator: " ")
            if fields.count == 4, fields[3].count >= 16, !fields[0..<3].contains(where: { $0.contains(fields[3]) }),
               error.message.contains(String(fields[3])) {
                violated("refusal '\(error.message)' quotes a token", input)
            }
        }
        return
    }
    let names = table.phones.map(\.name), tokens = table.phones.map(\.token)
    guard Set(names).count == names.count, Set(tokens).count == tokens.count else { violated("a name or token twice", input) }
    guard table.phones.allSatisfy({ WebPhone.isWellFormedName($0.name) && WebAccess.isWellFormedToken($0.token) }) else {
        violated("a malformed phone was read", input)
    }
    guard let back = try? WebTokenFileFormat.parse(WebTokenFileFormat.render(table), path: "web-tokens"), back == table else {
        violated("the phones written back do not read the same", input)
    }
    for p in table.phones where table.phone(presenting: p.token) != p { violated("a phone's own token does not find it", input) }
}
