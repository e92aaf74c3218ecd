import Testing
import TorchCore

@Suite struct ControlJSONTests {
    private func parse(_ text: String, maxDepth: Int = 16, maxBytes: Int = 4096) throws(JSONError) -> JSONValue {
        try JSONParser(maxDepth: maxDepth, maxBytes: maxBytes).parse(text)
    }

    private func failure(_ text: String, maxDepth: Int = 16, maxBytes: Int = 4096) -> JSONError? {
        do {
            _ = try parse(text, maxDepth: maxDepth, maxBytes: maxBytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEveryKindOfValue() throws {
        let v = try parse(#" {"a": [1, -2.5, 3e2, 0, true, false, null], "b": {"c": "d"}, "e": ""} "#)
        #expect(v == .object([
            JSONMember("a", .array([.number(1), .number(-2.5), .number(300), .number(0), .bool(true), .bool(false), .null])),
            JSONMember("b", .object([JSONMember("c", .string("d"))])),
            JSONMember("e", .string("")),
        ]))
        #expect(v["b"]?["c"]?.stringValue == "d")
        #expect(v["missing"] == nil)
        #expect(try parse("[]") == .array([]))
        #expect(try parse("{}") == .object([]))
    }

    @Test func decodesEscapesAndUnicode() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
        #expect(try parse(#""\u00e9\u20AC""#) == .string("é€"))
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try parse("\"ñ ✓\"") == .string("ñ ✓"))
    }

    @Test func namesTheOffsetOfEachFault() {
        let cases: [(String, Int, String)] = [
            ("", 0, "expected a value (object, array, string, number, true, false or null), found end of text"),
            ("{\"a\":1,}", 7, "expected a string key, found '}'"),
            ("{\"a\" 1}", 5, "expected ':' after the key, found '1'"),
            ("{\"a\":1 \"b\":2}", 7, "expected ',' or '}' in an object, found '\"'"),
            ("[1 2]", 3, "expected ',' or ']' in an array, found '2'"),
            ("{\"a\":1} x", 8, "unexpected 'x' after the value"),
            ("\"abc", 4, "unterminated string (it starts at byte 0)"),
            ("\"a\tb\"", 2, "control character in a string: write it escaped (\\n, \\t, \\u0001)"),
            ("\"\\x\"", 2, "expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found 'x'"),
            ("\"\\u12G4\"", 5, "expected 4 hex digits after \\u, found 'G'"),
            ("\"\\udc00\"", 1, "unpaired surrogate \\udc00"),
            ("01", 1, "leading zero in a number"),
            ("-", 1, "expected a digit, found end of text"),
            ("1.", 2, "expected a digit after '.', found end of text"),
            ("1e", 2, "expected a digit in the exponent, found end of text"),
            ("1e999", 0, "number 1e999 is out of range"),
            ("tru", 3, "expected 'true', found end of text"),
            ("{\"a\":1,\"a\":2}", 7, "duplicate key \"a\""),
            ("'a'", 0, "expected a value (object, array, string, number, true, false or null), found '''"),
        ]
        for (text, offset, message) in cases {
            let e = failure(text)
            #expect(e == JSONError(offset: offset, message: message), "\(text)")
        }
        #expect(failure("{\"a\":1,}")?.description == "invalid JSON at byte 7: expected a string key, found '}'")
    }

    @Test func rejectsInvalidUTF8() {
        let e = (try? JSONParser().parse(bytes: [0x22, 0xFF, 0x22])) == nil
        #expect(e)
        do {
            _ = try JSONParser().parse(bytes: [0x22, 0xC3, 0x22])
            Issue.record("accepted a truncated UTF-8 sequence")
        } catch {
            #expect(error == JSONError(offset: 0, message: "string is not valid UTF-8"))
        }
        #expect(failure("\u{7F}")?.message.hasSuffix("found byte 0x7f") == true)
    }

    @Test func limitsDepth() throws {
        #expect(try parse("[[[1]]]", maxDepth: 3) == .array([.array([.array([.number(1)])])]))
        #expect(failure("[[[[1]]]]", maxDepth: 3) == JSONError(offset: 3, message: "nested deeper than 3 levels"))
        #expect(failure(#"{"a":{"b":{"c":{}}}}"#, maxDepth: 3) == JSONError(offset: 15, message: "nested deeper than 3 levels"))
        // A deep attack is refused quickly, not by running out of stack.
        #expect(failure(String(repeating: "[", count: 100_000), maxDepth: 16, maxBytes: 1_000_000)?.message
                == "nested deeper than 16 levels")
    }

    @Test func limitsSize() throws {
        let ok = "\"" + String(repeating: "x", count: 98) + "\""
        #expect(try parse(ok, maxBytes: 100) == .string(String(repeating: "x", count: 98)))
        #expect(failure(ok + " ", maxBytes: 100) == JSONError(offset: 100, message: "text is 101 bytes: at most 100 allowed"))
    }

    @Test func encodesCompactlyInOrder() {
        let v = JSONValue.object([
            JSONMember("z", .number(3)), JSONMember("a", .number(0.4)), JSONMember("n", .number(-1.5e-7)),
            JSONMember("s", .string("a\"b\n")), JSONMember("l", .array([.bool(true), .null])),
            JSONMember("big", .number(1e20)), JSONMember("nan", .number(.nan)),
        ])
        #expect(v.jsonText == #"{"z":3,"a":0.4,"n":-1.5e-07,"s":"a\"b\n","l":[true,null],"big":1e+20,"nan":null}"#)
    }

    @Test func roundTripsThroughText() throws {
        let v = JSONValue.object([
            JSONMember("level", .number(0.123456789)), JSONMember("text", .string("tab\there ✓ \u{01}")),
            JSONMember("nested", .array([.object([]), .array([]), .number(-0.5)])),
        ])
        #expect(try parse(v.jsonText) == v)
    }
}
