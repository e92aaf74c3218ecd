/// What one request may hold (config `[web]` does not change them: they fit the page
/// and its API with room to spare). Over a limit the server answers and closes.
public struct HTTPLimits: Equatable, Sendable {
    /// The request line, in bytes without its line end; over it: 414.
    public var maxRequestLineBytes: Int
    /// The request line and header fields together, in bytes; over it: 431.
    public var maxHeaderBytes: Int
    /// Header fields in one request; over it: 431.
    public var maxHeaderCount: Int
    /// The body (`Content-Length`); over it: 413 (said before the body is read).
    public var maxBodyBytes: Int

    public init(maxRequestLineBytes: Int = 2048, maxHeaderBytes: Int = 8192, maxHeaderCount: Int = 64,
                maxBodyBytes: Int = 4096) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
    }

    public static let standard = HTTPLimits()
}
