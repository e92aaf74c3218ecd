import TorchCLI
import TorchCore
import TorchHardware

/// `torch setup`: a first run without the manual. Names the board and its free pins,
/// lights the LED to check it, finds the button by a press, adds the PWM overlay and
/// writes the keys into torch.conf, each after a yes; the same by flags for scripts.
enum SetupCommand {
    static let led = Option("led", value: "line", help: "The LED's line: GPIO18, an offset, or pin12. (default: asked; the board's suggested pin)")
    static let button = Option("button", value: "line|none", help: "The ON button's line, or none. (default: found by a press)")
    static let yes = Flag("yes", help: "Answer every question with its default and write without asking (for scripts).")
    static let board = Option("board", value: "id", help: "The board (a 'torch boards' id). (default: the config's [board] name, else detected; rpi4b for the simulated LED)")
    static let bootConfig = Option("boot-config", value: "file", help: "The Raspberry Pi's config.txt. (default: /boot/firmware/config.txt, else /boot/config.txt)")

    static let spec = CommandSpec(
        name: "setup", overview: "A first run: find the board, the LED and the button, and write torch.conf.",
        options: [led.spec, button.spec, yes.spec, board.spec, bootConfig.spec, CommonOptions.chip.spec, CommonOptions.backend.spec],
        discussion: """
        Names the board and shows the header's GPIO pins by physical pin number: which
        have hardware PWM, which need an overlay, which are taken. Lights the LED at 50 %
        and asks whether it is lit (if not, blinks it and says what to check). Finds the
        button: press it, and the line that changed is the button's (every free line is
        watched as an input with the pull-up, none driven, each released as it was
        found); three more presses measure its bounce for a debounce. Adds the PWM
        overlay to config.txt (with a backup) and writes [output] line, [button] line
        and debounce to torch.conf (only those keys change), each after a yes, and
        restarts the service if it runs. With no GPIO chip, offers the simulated torch.

        EXAMPLES:
          sudo torch setup                                  the questions, one by one
          sudo torch setup --led GPIO18 --button GPIO23 --yes   the same for a script
          torch setup --backend sim --config ./torch.conf   a dry run on the simulated LED
        """,
        drivesLight: false) { p, _ throws(UsageError) in
        .local(SetupRequest(led: try p.value(led), button: try p.value(button), assumeYes: p.isSet(yes),
                            board: try p.value(board), bootConfig: try p.value(bootConfig), chip: try p.value(CommonOptions.chip),
                            backend: try p.value(CommonOptions.backend)))
    }
}

/// What `torch setup` was asked; nil values are asked for, or found.
struct SetupRequest: LocalCommand {
    var led: String?
    var button: String?
    var assumeYes: Bool
    var board: String?
    var bootConfig: String?
    var chip: String?
    var backend: BackendRequest?
    var writesConfig: Bool { true }

    func run(_ context: LocalContext) -> Int32 {
        do { return try SetupRun(request: self, context: context).run() } catch {
            StandardError.write("torch: setup: \(error)\n")
            return ExitCode.failure
        }
    }
}
