import Testing
import TorchCore

/// The Prometheus text exposition format as `GET /metrics` writes it: HELP and TYPE
/// once per family, cumulative histogram buckets with `+Inf`, escaping, numbers, and
/// the naming rules (`_total` only on counters) refusing a family that breaks them.
@Suite struct MetricTextTests {
    @Test func countersGaugesAndLabels() {
        let text = MetricText.render([
            .single("torch_uptime_seconds", .gauge, help: "Seconds since the service started.", 12.5),
            .labelled("torch_requests_total", .counter, help: "Requests.", label: "front_end", [("web", 3), ("mqtt", 0)]),
        ])
        #expect(text == """
            # HELP torch_uptime_seconds Seconds since the service started.
            # TYPE torch_uptime_seconds gauge
            torch_uptime_seconds 12.5
            # HELP torch_requests_total Requests.
            # TYPE torch_requests_total counter
            torch_requests_total{front_end="web"} 3
            torch_requests_total{front_end="mqtt"} 0

            """)
    }

    @Test func aHistogramIsCumulativeWithInfSumAndCount() {
        var h = MetricHistogram(bounds: [0.001, 0.01, 0.1])
        for v in [0.0005, 0.001, 0.005, 0.05, 3.0] { h.observe(v) }
        h.observe(.nan)
        #expect(h.counts == [2, 1, 1] && h.count == 5)
        let text = MetricText.render([.histogram("torch_pattern_lateness_seconds", help: "Lateness.", h)])
        #expect(text == """
            # HELP torch_pattern_lateness_seconds Lateness.
            # TYPE torch_pattern_lateness_seconds histogram
            torch_pattern_lateness_seconds_bucket{le="0.001"} 2
            torch_pattern_lateness_seconds_bucket{le="0.01"} 3
            torch_pattern_lateness_seconds_bucket{le="0.1"} 4
            torch_pattern_lateness_seconds_bucket{le="+Inf"} 5
            torch_pattern_lateness_seconds_sum 3.0565
            torch_pattern_lateness_seconds_count 5

            """)
    }

    @Test func decadeBoundsReadAsWritten() {
        #expect(MetricHistogram.decades(-6, -4) == [1e-6, 2e-6, 5e-6, 1e-5, 2e-5, 5e-5, 1e-4])
        #expect(MetricHistogram.decades(-4, 0).last == 1 && MetricHistogram.decades(-4, 0).count == 13)
        #expect(MetricHistogram.decades(1, 0).isEmpty)
        #expect(MetricText.render([.histogram("torch_x_seconds", help: "h", MetricHistogram(bounds: MetricHistogram.decades(-5, -5)))])
            .contains("torch_x_seconds_bucket{le=\"1e-05\"} 0\n"))
        // Unsorted, repeated and infinite bounds are put right.
        #expect(MetricHistogram(bounds: [0.5, .infinity, 0.1, 0.5]).bounds == [0.1, 0.5])
    }

    @Test func numbersAndEscapes() {
        #expect(MetricText.number(3) == "3" && MetricText.number(-2) == "-2" && MetricText.number(0.25) == "0.25")
        #expect(MetricText.number(.infinity) == "+Inf" && MetricText.number(-.infinity) == "-Inf" && MetricText.number(.nan) == "NaN")
        #expect(MetricText.number(1e20) == "1e+20")
        let f = MetricFamily(name: "torch_build_info", help: "a \\ b\nc", kind: .gauge,
                             samples: [.init(labels: [MetricLabel("version", "1.0 \"rc\"\\\n")], value: 1)])
        #expect(MetricText.render([f]) == """
            # HELP torch_build_info a \\\\ b\\nc
            # TYPE torch_build_info gauge
            torch_build_info{version="1.0 \\"rc\\"\\\\\\n"} 1

            """)
    }

    @Test func namesFollowTheConventions() {
        #expect(MetricFamily.single("torch_writes", .counter, help: "", 1).problem == "counter 'torch_writes' must end in _total")
        #expect(MetricFamily.single("torch_lit_total", .gauge, help: "", 1).problem == "gauge 'torch_lit_total' must not end in _total (only counters do)")
        #expect(MetricFamily.single("9torch", .gauge, help: "", 1).problem?.hasPrefix("metric name '9torch' is not valid") == true)
        #expect(MetricFamily.labelled("torch_x_total", .counter, help: "", label: "__name", [("a", 1)]).problem?.hasPrefix("label name '__name'") == true)
        #expect(MetricFamily.single("torch_ok_total", .counter, help: "", 1).problem == nil)
        // A broken or repeated family is left out with a comment, never served broken.
        let text = MetricText.render([.single("torch_writes", .counter, help: "h", 1),
                                      .single("torch_a", .gauge, help: "h", 1), .single("torch_a", .gauge, help: "h", 2)])
        #expect(text == """
            # torch: left out: counter 'torch_writes' must end in _total
            # HELP torch_a h
            # TYPE torch_a gauge
            torch_a 1
            # torch: left out: metric 'torch_a' appears twice

            """)
    }

    @Test func bearerTokens() {
        #expect(WebAccess.bearerToken(in: "Bearer abc123") == "abc123")
        #expect(WebAccess.bearerToken(in: "bearer  abc123 ") == "abc123")
        #expect(WebAccess.bearerToken(in: "Basic abc123") == nil && WebAccess.bearerToken(in: "Bearer ") == nil && WebAccess.bearerToken(in: nil) == nil)
    }
}
