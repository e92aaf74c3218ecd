import Testing
@testable import torch
@testable import TorchCore
import TorchEngine
import TorchTesting

// A whole front end with its own `[example]` section, declared in this one file as a new
// front end would be: its section (one key, its doc, its default), its kind and the
// front end. Added to the executable it would be this file plus one line in
// `FrontEndKinds.all`; here the tests append its section to that list.

/// `[example]`: a greeting logged when the service starts.
enum ExampleSection: FrontEndSection {
    struct Settings: Equatable, Sendable {
        /// `greeting`: what is logged at start; nil: the front end is off.
        var greeting: String? = nil
    }

    static let name = "example"
    static let defaults = Settings()
    static let intro = ConfigSectionIntro("An example front end: it logs a greeting when the service starts.")
    static let keys: [SectionKey<Settings>] = [
        SectionKey("greeting", "What to log at start. Without it, the front end is off.",
                   allowed: "1 to 40 bytes", default: nil, example: "hello") { s, v throws(ValueError) in
            guard (1...40).contains(v.utf8.count) else { throw ValueError(value: v, allowed: "1 to 40 bytes") }
            s.greeting = v
        },
    ]
}

/// The example front end: it logs its greeting once attached, and reads nothing.
final class ExampleFrontEnd: FrontEnd {
    let greeting: String
    let log: (LogPriority, String) -> Void

    init(greeting: String, log: @escaping (LogPriority, String) -> Void) {
        self.greeting = greeting
        self.log = log
    }

    var pollDescriptors: [Int32] { [] }
    func attach(_ context: FrontEndContext) { log(.info, "example: \(greeting)") }
    func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {}
    func close() {}
}

/// How the service starts it from `[example]`.
struct ExampleFrontEndKind: FrontEndKind {
    typealias Section = ExampleSection

    func start(_ settings: ExampleSection.Settings, _ shell: FrontEndShell) throws(FrontEndStartFailure) -> (any FrontEnd)? {
        guard let greeting = settings.greeting else { return nil }
        guard greeting != "fail" else { throw FrontEndStartFailure("[example] greeting: cannot start; no example") }
        return ExampleFrontEnd(greeting: greeting, log: shell.log)
    }
}

/// A front end's section needs no edit of any shared file: the parser, its errors and
/// the config reference take it from the list of sections.
@Suite struct FrontEndSectionExampleTests {
    static let sections = FrontEndKinds.sections + [ExampleSection.self]

    func errors(_ text: String) -> [String] { configErrorLines(text, more: [ExampleSection.self]) }

    @Test func itsSectionParses() throws {
        let config = try TorchConfig.parse("[light]\nbrightness = 40%\n[example]\ngreeting = hi there\n",
                                           file: "torch.conf", frontEnds: Self.sections)
        #expect(config[ExampleSection.self].greeting == "hi there")
        #expect(config.light.brightness == Brightness(clamping: 0.4))
        #expect(TorchConfig.defaults[ExampleSection.self].greeting == nil)
        #expect(config != .defaults)
    }

    @Test func itsErrorsAreTheUsualLines() {
        #expect(errors("[example]\ngreting = hi") == ["torch.conf:2: unknown key 'greting' in [example]; did you mean 'greeting'?"])
        #expect(errors("[example]\ncolour = red") == ["torch.conf:2: unknown key 'colour' in [example]; allowed: greeting"])
        #expect(errors("[example]\ngreeting = \(String(repeating: "a", count: 41))").first?
            .hasSuffix("is not valid: expected 1 to 40 bytes") == true)
        #expect(errors("[exampel]").first == "torch.conf:1: unknown section [exampel]; did you mean [example]?")
        #expect(errors("greeting = hi") == ["torch.conf:1: 'greeting' is outside any section: put it under [example]"])
        // Without its section in the list, the file's section is unknown.
        #expect((try? TorchConfig.parse("[example]\ngreeting = hi\n", file: "torch.conf", frontEnds: FrontEndKinds.sections)) == nil)
    }

    @Test func theReferenceDocumentsIt() throws {
        let conf = ConfigReference.confFile(frontEnds: Self.sections)
        #expect(conf.contains("""
            [example]
            # An example front end: it logs a greeting when the service starts.

            # What to log at start. Without it, the front end is off.
            # Allowed: 1 to 40 bytes. No default; for example:
            # greeting = hello

            """))
        // After the executable's front ends, in the list's order.
        let web = try #require(conf.firstRange(of: "\n[web]\n")), example = try #require(conf.firstRange(of: "\n[example]\n"))
        #expect(web.lowerBound < example.lowerBound)
        let man = ConfigReference.manKeys(frontEnds: Self.sections)
        #expect(man.contains(".SH \"[example]\"\nAn example front end: it logs a greeting when the service starts.\n.TP\n.B greeting\n"))
    }

    @Test func itStartsFromItsSettingsAndAFailureIsOneLine() throws {
        final class Lines { var all: [String] = [] }
        let lines = Lines()
        let shell = FrontEndShell(log: { lines.all.append($1) }, statePath: "/tmp/state", controlSocketPath: "/tmp/s",
                                  hostName: "h", patterns: [], boardModel: { "board" }, softwareVersion: "torch 0")
        let kind = ExampleFrontEndKind()
        #expect(try kind.start(from: .defaults, shell) == nil)
        let config = try TorchConfig.parse("[example]\ngreeting = hi\n", file: "torch.conf", frontEnds: Self.sections)
        let frontEnd = try #require(try kind.start(from: config, shell))
        frontEnd.attach(FrontEndContext(clock: ManualClock()))
        #expect(lines.all == ["example: hi"])
        var failing = config
        failing[ExampleSection.self].greeting = "fail"
        #expect(throws: FrontEndStartFailure.self) { try kind.start(from: failing, shell) }
    }
}
