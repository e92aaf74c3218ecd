/// The page, compiled into the binary: no CDN, no framework, no build step.
enum WebPage {
    static let html = "<!doctype html><title>torch</title>"
    static let script = ""
    static let style = ""
}
