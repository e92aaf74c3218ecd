import Testing

/// Help and version: stdout, exit 0, exactly as the golden files say.
@Suite struct HelpTests {
    @Test(arguments: [
        (["--help"], "help-root.txt"),
        (["-h"], "help-root.txt"),
        (["help"], "help-root.txt"),
        (["help", "blink"], "help-blink.txt"),
        (["blink", "--help"], "help-blink.txt"),
        (["sos", "-h"], "help-sos.txt"),
        (["pattern", "--help"], "help-pattern.txt"),
        (["run", "--help"], "help-run.txt"),
        (["status", "--help"], "help-status.txt"),
        (["web-link", "--help"], "help-web-link.txt"),
    ])
    func help(args: [String], golden: String) {
        let r = TorchProcess.run(args)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        Golden.check(r.stdout, golden)
    }

    @Test func version() {
        let r = TorchProcess.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("torch "))
    }

    @Test func everySubcommandHasHelp() {
        for name in ["on", "off", "toggle", "blink", "strobe", "sos", "morse", "breathe", "pattern", "status", "run"] {
            let r = TorchProcess.run([name, "--help"])
            #expect(r.status == 0, "\(name) --help")
            #expect(r.stdout.hasPrefix("OVERVIEW: "), "\(name) --help")
            #expect(r.stdout.contains("USAGE: torch \(name)"), "\(name) --help")
        }
    }
}
