/// Topic names torch publishes to and subscribes to exactly (no wildcards).
public enum MQTTTopic {
    /// 1…200 bytes of UTF-8 with no `+`, `#`, whitespace or NUL, and no `/` at either end
    /// (torch appends `/set`, `/state`…, and a host name may land inside).
    public static func isValidName(_ topic: String) -> Bool {
        (1...200).contains(topic.utf8.count) && !topic.hasPrefix("/") && !topic.hasSuffix("/")
            && topic.unicodeScalars.allSatisfy { $0.value > 32 && $0 != "+" && $0 != "#" && $0.value != 127 }
    }

    /// A host name made fit for a topic level and a client identifier: letters, digits,
    /// `-` and `_` kept, anything else `_` ("torch" when nothing is left).
    public static func level(_ name: String) -> String {
        let kept = String(name.unicodeScalars.prefix(64).map { s -> Character in
            s.isASCII && (("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "-" || s == "_")
                ? Character(s) : "_"
        })
        return kept.isEmpty ? "torch" : kept
    }
}
