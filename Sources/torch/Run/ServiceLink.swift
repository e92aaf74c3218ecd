import TorchCLI
import TorchCore
import TorchEngine
import TorchHardware

/// The CLI's side of the control socket: light commands go to a running `torch run`
/// when one answers, else the CLI drives the hardware itself.
enum ServiceLink {
    /// The socket: the config's `[service] socket` as root (default /run/torch/torch.sock),
    /// `$XDG_RUNTIME_DIR/torch.sock` for other users unless the config names another.
    static func socketPath(_ config: TorchConfig) -> String {
        if Paths.isRoot || config.service.socket != TorchConfig.Service().socket { return config.service.socket }
        return ControlSocketPath.default()
    }

    /// The sockets the CLI tries, in order: the system one (`[service] socket`), then the
    /// user's own (not for root, nor when the config names a socket).
    static func clientSockets(_ config: TorchConfig) -> [String] {
        ControlSocketChoice.candidates(
            systemSocket: config.service.socket,
            configuredExplicitly: config.service.socket != TorchConfig.Service().socket,
            userID: ProcessEnvironment.userID,
            runtimeDirectory: ProcessEnvironment.variable("XDG_RUNTIME_DIR"))
    }

    /// Forwards `request` to a running service. Returns nil when there is none (or the
    /// request must run in the foreground: `--backend`, `--trace`, `--for`, pins,
    /// `off --force` or `--service-stopped`), else the exit code.
    static func forward(_ request: Request, _ config: TorchConfig, library: PatternLibrary) -> Int32? {
        // What must run in the foreground never asks a service.
        switch request {
        case let .light(_, l), let .on(l), let .toggle(l):
            guard isForwardable(l) else { return nil }
        case let .off(force, _, l):
            guard !force, isForwardable(l) else { return nil }
        case .status, .stealth, .mode:
            break
        case .run, .readout, .local:
            return nil
        }
        let commands: [ControlCommand]
        do {
            guard let c = try request.controlCommands(library: library, service: true), !c.isEmpty else { return nil }
            commands = c
        } catch {
            // Resolved here, as light commands are: a mode's name the config does not know
            // is a usage error (exit 64) before any service is asked.
            StandardError.write(CommandLineOutcome.usageErrorText("<name>: \(error)", command: ModeSubcommand.spec))
            return ExitCode.usage
        }
        var json = false
        if case let .status(j) = request { json = j }
        // `--transition` goes with every command that changes the level.
        let transition = request.lightOptions?.transition
        func line(_ c: ControlCommand) -> ControlRequest {
            ControlRequest(c, transition: c.commandName.takesTransition ? transition : nil)
        }
        // The first command decides which socket (ControlSocketChoice); the rest follow it.
        var first: ControlReply?
        let decision = ControlSocketChoice.decide(clientSockets(config)) { path in
            switch ControlClient.send(line(commands[0]), socketPath: path) {
            case let .success(reply):
                first = reply
                return .answered
            case let .failure(e): return e.probe(at: path)
            }
        }
        let path: String
        switch decision {
        case .driveHardware: return nil
        case let .denied(p, group):
            StandardError.write(ControlSocketChoice.deniedMessage(path: p, group: group) + "\n")
            return ExitCode.failure
        case let .failed(line):
            // The client's message names the socket already.
            StandardError.write("torch: \(line)\n")
            return ExitCode.failure
        case let .use(p): path = p
        }
        for (i, c) in commands.enumerated() {
            let result = i == 0 ? first.map { Result<ControlReply, ControlClientError>.success($0) }
                ?? .failure(.noService(path: path)) : ControlClient.send(line(c), socketPath: path)
            switch result {
            case let .success(reply) where reply.ok:
                // Done, but not what was asked for (stealth with no status LEDs): said, exit 1.
                if let warning = reply["warning"]?.stringValue {
                    StandardError.write("torch: \(warning)\n")
                    return ExitCode.failure
                }
                if i == commands.count - 1 { printReply(reply, command: c, json: json) }
            case let .success(reply):
                StandardError.write("torch: \(reply.error ?? "the service refused the request")\n")
                return ExitCode.failure
            case let .failure(e) where e.isNoService:
                return nil
            case let .failure(e):
                // The client's message names the socket already.
                StandardError.write("torch: \(e)\n")
                return ExitCode.failure
            }
        }
        return ExitCode.ok
    }

    private static func isForwardable(_ l: LightOptions) -> Bool {
        l.backend == nil && l.tracePath == nil && l.runFor == nil && l.chip == nil && l.line == nil
            && l.buttonLine == nil && l.activeLow == nil && l.curve == nil
    }

    private static func printReply(_ r: ControlReply, command: ControlCommand, json: Bool) {
        guard command == .status else {
            StandardError.write("torch: done (service)\n")
            return
        }
        if json {
            StandardOutput.write(r.line)
            return
        }
        var text = "torch (service):\n"
        for f in r.fields {
            let value: String
            switch f.value {
            case let .string(s): value = s
            case let .number(n), let .decimal(n, _): value = DecimalSyntax.format(n, maxFractionDigits: 3)
            case let .bool(b): value = b ? "yes" : "no"
            case .null: value = "-"
            case let .object(members): value = members.map { "\($0.key) \($0.value.jsonText)" }.joined(separator: ", ")
            case .array: value = f.value.jsonText
            }
            text += "  " + f.key.replacingUnderscores + String(repeating: " ", count: max(1, 24 - f.key.count)) + value + "\n"
        }
        StandardOutput.write(text)
    }
}

private extension String {
    var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
