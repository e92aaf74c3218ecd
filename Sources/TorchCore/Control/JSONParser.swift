/// A strict JSON reader (RFC 8259) for untrusted input from the control socket: one
/// value, no trailing text, no duplicate keys, bounded nesting and size. Errors name the
/// byte offset so a client can see where its text went wrong.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth: Int
    /// The longest text accepted, in bytes of UTF-8.
    public var maxBytes: Int

    public init(maxDepth: Int = 16, maxBytes: Int = 4096) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }

    /// Parses `text` as exactly one JSON value (whitespace around it allowed).
    public func parse(_ text: String) throws(JSONError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses UTF-8 bytes as exactly one JSON value (whitespace around it allowed).
    public func parse(bytes: [UInt8]) throws(JSONError) -> JSONValue {
        guard bytes.count <= maxBytes else {
            throw JSONError(offset: maxBytes, message: "text is \(bytes.count) bytes: at most \(maxBytes) allowed")
        }
        var reader = Reader(bytes: bytes, maxDepth: maxDepth)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.at == bytes.count else {
            throw JSONError(offset: reader.at, message: "unexpected \(reader.describeHere()) after the value")
        }
        return value
    }
}

/// Why a JSON text could not be read, and where.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Bytes from the start of the text to the fault.
    public var offset: Int
    /// What is wrong and what was expected.
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// "invalid JSON at byte 7: expected ',' or '}' in an object, found 'x'"
    public var description: String { "invalid JSON at byte \(offset): \(message)" }
}

private struct Reader {
    let bytes: [UInt8]
    let maxDepth: Int
    var at = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

    mutating func skipSpace() {
        while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { at += 1 }
    }

    /// "end of text", "'x'" or "byte 0xff", for messages.
    func describeHere() -> String {
        guard let b = peek else { return "end of text" }
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        let hex = String(b, radix: 16)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }

    func fail(_ expected: String) -> JSONError {
        JSONError(offset: at, message: "expected \(expected), found \(describeHere())")
    }

    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        switch peek {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case let b? where b == UInt8(ascii: "-") || (b >= 0x30 && b <= 0x39): return .number(try number())
        default: throw fail("a value (object, array, string, number, true, false or null)")
        }
    }

    mutating func literal(_ word: String) throws(JSONError) {
        for b in word.utf8 {
            guard peek == b else { throw fail("'\(word)'") }
            at += 1
        }
    }

    mutating func enter(_ depth: Int) throws(JSONError) {
        guard depth <= maxDepth else {
            throw JSONError(offset: at, message: "nested deeper than \(maxDepth) levels")
        }
        at += 1
    }

    mutating func object(depth: Int) throws(JSONError) -> JSONValue {
        try enter(depth)
        var members: [JSONMember] = []
        skipSpace()
        if peek == UInt8(ascii: "}") { at += 1; return .object(members) }
        while true {
            skipSpace()
            let keyOffset = at
            guard peek == UInt8(ascii: "\"") else { throw fail("a string key") }
            let key = try string()
            if members.contains(where: { $0.key == key }) {
                throw JSONError(offset: keyOffset, message: "duplicate key \(JSONText.string(key))")
            }
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw fail("':' after the key") }
            at += 1
            skipSpace()
            members.append(JSONMember(key, try value(depth: depth)))
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): at += 1
            case UInt8(ascii: "}"): at += 1; return .object(members)
            default: throw fail("',' or '}' in an object")
            }
        }
    }

    mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        try enter(depth)
        var items: [JSONValue] = []
        skipSpace()
        if peek == UInt8(ascii: "]") { at += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value(depth: depth))
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): at += 1
            case UInt8(ascii: "]"): at += 1; return .array(items)
            default: throw fail("',' or ']' in an array")
            }
        }
    }

    mutating func string() throws(JSONError) -> String {
        let start = at
        at += 1  // the opening quote
        var out: [UInt8] = []
        while true {
            guard let b = peek else {
                throw JSONError(offset: at, message: "unterminated string (it starts at byte \(start))")
            }
            switch b {
            case UInt8(ascii: "\""):
                at += 1
                guard let s = String(validating: out, as: UTF8.self) else {
                    throw JSONError(offset: start, message: "string is not valid UTF-8")
                }
                return s
            case UInt8(ascii: "\\"):
                try escape(into: &out)
            case 0..<0x20:
                throw JSONError(offset: at, message: "control character in a string: write it escaped (\\n, \\t, \\u0001)")
            default:
                out.append(b)
                at += 1
            }
        }
    }

    mutating func escape(into out: inout [UInt8]) throws(JSONError) {
        let start = at
        at += 1
        guard let e = peek else { throw fail("an escape character") }
        at += 1
        switch e {
        case UInt8(ascii: "\""): out.append(e)
        case UInt8(ascii: "\\"): out.append(e)
        case UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low one.
                guard peek == UInt8(ascii: "\\"), at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "u") else {
                    throw JSONError(offset: start, message: "unpaired surrogate \\u\(String(scalar, radix: 16))")
                }
                at += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONError(offset: start, message: "unpaired surrogate \\u\(String(scalar, radix: 16))")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw JSONError(offset: start, message: "unpaired surrogate \\u\(String(scalar, radix: 16))")
            }
            guard let u = Unicode.Scalar(scalar) else {
                throw JSONError(offset: start, message: "invalid escape \\u\(String(scalar, radix: 16))")
            }
            out.append(contentsOf: Array(String(Character(u)).utf8))
        default:
            at -= 1
            throw fail("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
        }
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let b = peek else { throw fail("4 hex digits after \\u") }
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw fail("4 hex digits after \\u")
            }
            v = v << 4 | d
            at += 1
        }
        return v
    }

    mutating func number() throws(JSONError) -> Double {
        let start = at
        func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if peek == UInt8(ascii: "-") { at += 1 }
        if peek == UInt8(ascii: "0") {
            at += 1
            if isDigit(peek) { throw JSONError(offset: at, message: "leading zero in a number") }
        } else {
            guard isDigit(peek) else { throw fail("a digit") }
            while isDigit(peek) { at += 1 }
        }
        if peek == UInt8(ascii: ".") {
            at += 1
            guard isDigit(peek) else { throw fail("a digit after '.'") }
            while isDigit(peek) { at += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            at += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { at += 1 }
            guard isDigit(peek) else { throw fail("a digit in the exponent") }
            while isDigit(peek) { at += 1 }
        }
        let text = String(decoding: bytes[start..<at], as: UTF8.self)
        guard let v = Double(text), v.isFinite else {
            throw JSONError(offset: start, message: "number \(text) is out of range")
        }
        return v
    }
}
