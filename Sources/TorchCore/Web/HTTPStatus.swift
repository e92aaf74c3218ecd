/// The HTTP status codes torch's web server answers with, and their reason phrases.
public enum HTTPStatus: Int, Sendable, CaseIterable {
    case ok = 200
    case noContent = 204
    case badRequest = 400
    case unauthorized = 401
    case forbidden = 403
    case notFound = 404
    case methodNotAllowed = 405
    case requestTimeout = 408
    case lengthRequired = 411
    case payloadTooLarge = 413
    case uriTooLong = 414
    case unsupportedMediaType = 415
    case misdirectedRequest = 421
    case headerFieldsTooLarge = 431
    case internalError = 500
    case notImplemented = 501
    case serviceUnavailable = 503
    case versionNotSupported = 505

    public var code: Int { rawValue }

    public var reason: String {
        switch self {
        case .ok: "OK"
        case .noContent: "No Content"
        case .badRequest: "Bad Request"
        case .unauthorized: "Unauthorized"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .requestTimeout: "Request Timeout"
        case .lengthRequired: "Length Required"
        case .payloadTooLarge: "Payload Too Large"
        case .uriTooLong: "URI Too Long"
        case .unsupportedMediaType: "Unsupported Media Type"
        case .misdirectedRequest: "Misdirected Request"
        case .headerFieldsTooLarge: "Request Header Fields Too Large"
        case .internalError: "Internal Server Error"
        case .notImplemented: "Not Implemented"
        case .serviceUnavailable: "Service Unavailable"
        case .versionNotSupported: "HTTP Version Not Supported"
        }
    }
}

/// A request the server refuses before routing it: the status and a one-line reason
/// (sent as the body), after which the connection is closed.
public struct HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    public var status: HTTPStatus
    public var message: String

    public init(_ status: HTTPStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { "\(status.code) \(status.reason): \(message)" }
}
