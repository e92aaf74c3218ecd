import Testing
import TorchCore
@testable import TorchEngine

/// `GET /metrics`: read-only, with the access `/api/status` has (the page's cookie, or
/// the viewer or control token as `Authorization: Bearer`, as Prometheus sends it).
extension WebAPITests {
    func metricsRequest(_ method: String = "GET", authorization: String? = nil, cookie: String? = nil) -> HTTPRequest {
        var r = request(method, "/metrics", origin: nil, cookie: cookie, type: nil)
        if let authorization { r.headers.append((name: "authorization", value: authorization)) }
        return r
    }

    @Test func metricsNeedTheViewerOrControlToken() {
        api.metricsText = { "# HELP torch_up x\n# TYPE torch_up gauge\ntorch_up 1\n" }
        #expect(response(metricsRequest())?.status.code == 401)
        #expect(response(metricsRequest(authorization: "Bearer not-the-token-at-all"))?.status.code == 401)
        #expect(response(metricsRequest(authorization: "Basic " + viewer))?.status.code == 401)
        let ok = response(metricsRequest(authorization: "Bearer " + viewer))
        #expect(ok?.status.code == 200)
        #expect(ok?.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        #expect(ok.map { String(decoding: $0.body, as: UTF8.self) }?.hasSuffix("torch_up 1\n") == true)
        #expect(response(metricsRequest(authorization: "Bearer " + token))?.status.code == 200)
        #expect(response(metricsRequest(cookie: viewing))?.status.code == 200)
        #expect(response(metricsRequest(cookie: control))?.status.code == 200)
        // A token is a bearer's, not a cookie's.
        #expect(response(metricsRequest(cookie: viewer))?.status.code == 401)
        // Read-only: no other method; a POST is not a way in either.
        #expect(response(metricsRequest("POST", authorization: "Bearer " + token))?.status.code == 405)
    }

    @Test func aBearerTokenOpensOnlyTheMetrics() {
        var r = request("GET", "/api/status", origin: nil, type: nil)
        r.headers.append((name: "authorization", value: "Bearer " + token))
        #expect(response(r)?.status.code == 401)
    }

    @Test func withoutAMetricsSourceThereIsNoSuchPage() {
        #expect(response(metricsRequest(authorization: "Bearer " + viewer))?.status.code == 404)
    }
}
