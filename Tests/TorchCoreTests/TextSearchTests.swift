import Testing
import TorchCore

/// `String.includes`, the byte search that keeps the regex engine out of the binary.
@Suite struct TextSearchTests {
    @Test func findsAWordAnywhere() {
        #expect("tlsv13 alert certificate required".includes("alert certificate required"))
        #expect("x86_pkg_temp".includes("x86_pkg"))
        #expect("cpu".includes("cpu"))
        #expect("anything".includes(""))
    }

    @Test func aMissingOrLongerWordIsNotThere() {
        #expect(!"soc-thermal".includes("cpu"))
        #expect(!"cp".includes("cpu"))
        #expect(!"".includes("a"))
        #expect(!"Alert".includes("alert"), "byte for byte: case counts")
    }

    @Test func comparesUTF8Bytes() {
        #expect("température".includes("pér"))
        #expect(!"temperature".includes("é"))
    }
}
