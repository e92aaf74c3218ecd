// The error a closure throws, for the tests' checks on its fields and message.
//
// Swift Testing returns the error from `#expect(throws:)` and `#require(throws:)` only
// from Swift 6.1; torch also builds with Debian's Swift 6.0.3, whose macros return
// nothing. These two functions keep the same checks in a form both compilers accept.
import Testing

/// The error `body` throws, when it is an `E`; otherwise records an issue (nothing
/// thrown, or an error of another type) at the caller's line and returns nil, as
/// `#expect(throws: E.self)` does.
public func expectThrows<E: Error, R>(
    _ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
) -> E? {
    do {
        _ = try body()
    } catch let error as E {
        return error
    } catch {
        Issue.record("expected an error of type \(E.self), caught \(Swift.type(of: error)): \(error)",
                     sourceLocation: sourceLocation)
        return nil
    }
    Issue.record("expected an error of type \(E.self), none was thrown", sourceLocation: sourceLocation)
    return nil
}

/// The error `body` throws, when it is an `E`; otherwise records an issue at the
/// caller's line and stops the test by throwing, as `#require(throws: E.self)` does.
public func requireThrows<E: Error, R>(
    _ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
) throws -> E {
    guard let error = expectThrows(type, sourceLocation: sourceLocation, body) else {
        throw RequirementFailed(expected: "\(E.self)")
    }
    return error
}

/// Stops a test after `requireThrows` recorded its issue.
public struct RequirementFailed: Error, CustomStringConvertible {
    public let expected: String
    public var description: String { "required an error of type \(expected)" }
}
