import Testing
import TorchCore

@Suite struct JSONTextTests {
    @Test func escapesWhatRFC8259Requires() {
        #expect(JSONText.string("plain") == "\"plain\"")
        #expect(JSONText.string("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(JSONText.string("line\nnext\ttab\r") == "\"line\\nnext\\ttab\\r\"")
        #expect(JSONText.string("\u{01}") == "\"\\u0001\"")
        #expect(JSONText.string("morse \"ñ\" ✓") == "\"morse \\\"ñ\\\" ✓\"")
    }
}
