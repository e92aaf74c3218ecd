import TorchCore

/// `GET /metrics`: the service's figures as Prometheus metric families. Read on the
/// event loop when a scrape arrives: the scheduler's atomics (relaxed loads, as the
/// live display reads them), the collector's histograms, the front ends' counts.
extension TorchService {
    /// The families, in a fixed order (a scrape's text is stable between two scrapes).
    func metricFamilies(at now: Instant) -> [MetricFamily] {
        let status = controller.status(at: now)
        let failures = scheduler.failures
        var families: [MetricFamily] = [
            MetricFamily(name: "torch_build_info", help: "torch's version and output backend (always 1).", kind: .gauge,
                         samples: [.init(labels: [MetricLabel("version", options.version), MetricLabel("backend", output.kind.rawValue)], value: 1)]),
            .single("torch_uptime_seconds", .gauge, help: "Seconds since the service started.", Double((now - origin).nanoseconds) / 1e9),
            .single("torch_light_lit", .gauge, help: "1 while the light is on (any pattern), 0 while dark.", status.lit ? 1 : 0),
            .single("torch_light_brightness_ratio", .gauge, help: "The brightness chosen, 0.01 to 1 (of full).", status.brightness.fraction),
            .single("torch_button_stuck", .gauge, help: "1 while a button is held past [button] stuck-after (taken as released; stuck or shorted?), 0 otherwise.",
                    status.buttonStuck ? 1 : 0),
            .single("torch_output_duty_ratio", .gauge, help: "The duty cycle last written to the output, 0 to 1.", scheduler.currentDuty),
            .histogram("torch_pattern_lateness_seconds", help: "How late the pattern thread wrote each output change after its intended instant.", metrics.lateness),
            .histogram("torch_button_latency_seconds", help: "Button edge (kernel timestamp) to the output change it caused.", metrics.buttonLatency),
            .single("torch_pattern_budget_rests_total", .counter, help: "Times the pattern thread spent its CPU budget and rested.", Double(scheduler.rests)),
            .single("torch_pattern_wakeups_total", .counter, help: "Times the pattern thread woke (deadlines and hand-offs).", Double(scheduler.wakeups)),
            .single("torch_pattern_stamps_dropped_total", .counter, help: "Output changes not measured (the stamp ring was full).", Double(scheduler.trace.dropped)),
            .single("torch_output_writes_total", .counter, help: "Writes to the output.", Double(scheduler.writes)),
            .single("torch_output_write_failures_total", .counter, help: "Writes the output refused.", Double(failures.count)),
        ]
        if output.isBinary {
            families.append(.histogram("torch_software_pwm_duty_error_ratio",
                                       help: "Software PWM: |actual - intended| duty of each on/off cycle of at most 50 ms.", metrics.dutyError))
        }
        if let dark = status.ledDark {
            families.append(.single("torch_led_dark", .gauge, help: "1 while the light sensor reads the lit LED dark (a broken LED, a loose wire), else 0.", dark ? 1 : 0))
        }
        let counted = options.frontEnds.compactMap(\.countedRequests)
        families.append(.labelled("torch_requests_total", .counter, help: "Requests each front end took.", label: "front_end",
                                  counted.map { ($0.name, Double($0.counts.requests)) }))
        families.append(.labelled("torch_request_refusals_total", .counter, help: "Requests each front end refused (malformed, or not allowed).",
                                  label: "front_end", counted.map { ($0.name, Double($0.counts.refusals)) }))
        families += options.frontEnds.flatMap { $0.metricFamilies() }
        if options.stateFile != nil {
            families.append(.single("torch_state_file_writes_total", .counter, help: "Saves of the state file that worked.", Double(metrics.stateWrites)))
            families.append(.single("torch_state_file_write_failures_total", .counter, help: "Saves of the state file that failed.", Double(metrics.stateWriteFailures)))
        }
        return families
    }

    /// The exposition `GET /metrics` serves.
    func metricsExposition() -> String {
        // The stamps since the loop's last turn count too: the loop drains the ring only
        // when it wakes (or the ring is half full), not on a clock.
        drainTrace()
        return MetricText.render(metricFamilies(at: clock.now()))
    }
}
