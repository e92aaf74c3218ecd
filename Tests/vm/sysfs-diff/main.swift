// torch-sysfs-diff: the differential test of the sysfs doubles against the running
// kernel, for the real-kernel VM test (Tests/vm/guest/scenarios-pwm.sh, -leds.sh).
//
//   torch-sysfs-diff pwm SEED COUNT [CHIP]
//       COUNT seeded stores to /sys/class/pwm/CHIP (default pwmchip0; an atomic driver:
//       the test chip; each channel's state read first) and to SysfsPWMDouble with the rules of this
//       kernel (uname -r); prints one DIFF line per disagreement (errno or read-back)
//       and a SUMMARY; exit 1 on any disagreement.
//   torch-sysfs-diff leds SEED COUNT LED...
//       the same for /sys/class/leds/LED... and SysfsLEDDouble (each LED's max
//       brightness and trigger list read from the kernel first).
#if canImport(Glibc)
import Glibc
#endif
import TorchCore
import TorchHardware
import TorchTesting

func say(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
}

func usage() -> Never {
    say("usage: torch-sysfs-diff pwm SEED COUNT [CHIP] | leds SEED COUNT LED...")
    exit(64)
}

let args = Array(CommandLine.arguments.dropFirst())
guard args.count >= 3, let seed = UInt64(args[1]), let count = Int(args[2]), count > 0 else { usage() }
let kernel = SystemSysfs()
let release = ((try? kernel.readSmallFile("/proc/sys/kernel/osrelease")) ?? "?").filter { $0 != "\n" }

/// Prints the disagreements (at most 20) and the summary; the exit status.
func report(_ what: String, _ outcomes: [SysfsDifferential.Outcome], rules: String) -> Int32 {
    let bad = outcomes.enumerated().filter { !$0.element.agrees }
    for (i, o) in bad.prefix(20) {
        say("DIFF #\(i) \(o.step): kernel \(PWMErrors.errnoName(o.kernel)) [\(o.kernelReads.joined(separator: "; "))]"
            + " double \(PWMErrors.errnoName(o.double)) [\(o.doubleReads.joined(separator: "; "))]")
    }
    let refused = outcomes.filter { $0.kernel != 0 }.count
    say("SUMMARY \(what) kernel=\(release) rules=\(rules) stores=\(outcomes.count) accepted=\(outcomes.count - refused)"
        + " refused=\(refused) (\(SysfsDifferential.refusalSummary(outcomes))) disagreements=\(bad.count)")
    return bad.isEmpty ? 0 : 1
}

switch args[0] {
case "pwm":
    let chip = args.count > 3 ? args[3] : "pwmchip0"
    let classDir = PWMChip.classDirectory
    let npwm = (try? kernel.readSmallFile("\(classDir)/\(chip)/npwm")).flatMap { UInt64($0.filter { $0 != "\n" }) }
    guard let npwm, npwm > 0, npwm < 64 else { say("FAIL no PWM chip \(chip) under \(classDir)"); exit(1) }
    let double = SysfsPWMDouble(classDirectory: classDir)
    let number = PWMChip.chipNumber(chip) ?? 0
    double.addChip(number: number, device: "torch-test-pwm", channels: Int(npwm))
    // The core keeps a channel's state across unexport: seed the double with each
    // channel as the kernel holds it now (exported for a moment to read it).
    for ch in 0..<Int(npwm) {
        let dir = "\(classDir)/\(chip)/pwm\(ch)"
        let wasExported = kernel.exists(dir)
        if !wasExported { _ = kernel.write("\(classDir)/\(chip)/export", String(ch)) }
        func value(_ file: String) -> UInt64 {
            (try? kernel.readSmallFile("\(dir)/\(file)")).flatMap { UInt64($0.filter { $0 != "\n" }) } ?? 0
        }
        let polarity = ((try? kernel.readSmallFile("\(dir)/polarity")) ?? "normal").filter { $0 != "\n" }
        double.preExport(chip: number, channel: ch, PWMChannelState(
            period: value("period"), dutyCycle: value("duty_cycle"),
            polarity: PWMPolarity(rawValue: polarity) ?? .normal, enabled: value("enable") == 1))
        if !wasExported {
            _ = kernel.write("\(classDir)/\(chip)/unexport", String(ch))
            _ = double.write("\(classDir)/\(chip)/unexport", String(ch))
        }
    }
    double.polarityChangeWhileEnabled = true // the test chip applies atomically
    double.rules = PWMKernelRules(release: release)
    let steps = SysfsDifferential.pwmSequence(seed: seed, count: count, chip: chip, channels: Int(npwm))
    let outcomes = SysfsDifferential.run(steps, classDirectory: classDir, kernel: kernel, double: double) {
        SysfsDifferential.pwmReads($0, classDirectory: classDir, chip: chip, channels: Int(npwm))
    }
    // Leave the chip as found: nothing exported.
    for ch in 0..<Int(npwm) { _ = kernel.write("\(classDir)/\(chip)/unexport", String(ch)) }
    exit(report("pwm", outcomes, rules: double.rules.rawValue))
case "leds":
    let leds = Array(args.dropFirst(3))
    guard !leds.isEmpty else { usage() }
    let classDir = StatusLEDs.classDirectory
    let double = SysfsLEDDouble(classDirectory: classDir)
    var triggers: [String] = []
    for led in leds {
        guard let max = (try? kernel.readSmallFile("\(classDir)/\(led)/max_brightness")).flatMap({ Int($0.filter { $0 != "\n" }) }),
              let triggerText = try? kernel.readSmallFile("\(classDir)/\(led)/trigger"),
              let brightness = (try? kernel.readSmallFile("\(classDir)/\(led)/brightness")).flatMap({ Int($0.filter { $0 != "\n" }) })
        else { say("FAIL no LED \(led) under \(classDir)"); exit(1) }
        triggers = SysfsDifferential.triggerNames(triggerText)
        double.addLED(led, trigger: SysfsDifferential.activeTrigger(triggerText) ?? "none", brightness: brightness,
                      maxBrightness: max, triggers: triggers)
    }
    let steps = SysfsDifferential.ledSequence(seed: seed, count: count, leds: leds, triggers: triggers)
    let outcomes = SysfsDifferential.run(steps, classDirectory: classDir, kernel: kernel, double: double) {
        SysfsDifferential.ledReads($0, classDirectory: classDir, leds: leds)
    }
    exit(report("leds", outcomes, rules: "led-class"))
default:
    usage()
}
