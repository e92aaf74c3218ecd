/// One reply line of the control socket: `{"ok":true,…}` or
/// `{"ok":false,"error":"…"}`, with the request's `"id"` echoed when it had one.
public struct ControlReply: Equatable, Sendable {
    /// True when the request was carried out.
    public var ok: Bool
    /// The one-line error when `ok` is false.
    public var error: String?
    /// The request's `"id"`, echoed.
    public var id: JSONValue?
    /// Further members after `"ok"` (and `"error"`), in order: the status fields.
    public var fields: [JSONMember]

    public init(ok: Bool, error: String? = nil, id: JSONValue? = nil, fields: [JSONMember] = []) {
        self.ok = ok
        self.error = error
        self.id = id
        self.fields = fields
    }

    /// `{"ok":true}` plus `fields`.
    public static func success(id: JSONValue? = nil, _ fields: [JSONMember] = []) -> ControlReply {
        ControlReply(ok: true, id: id, fields: fields)
    }

    /// `{"ok":false,"error":message}`; newlines in the message become spaces so it stays
    /// one line even in a terminal.
    public static func failure(_ message: String, id: JSONValue? = nil) -> ControlReply {
        let oneLine = String(message.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        return ControlReply(ok: false, error: oneLine, id: id)
    }

    /// The reply to a request that could not be read or carried out.
    public static func failure(_ error: ControlError) -> ControlReply {
        failure(error.message, id: error.id)
    }

    /// The member called `key` among `fields`.
    public subscript(key: String) -> JSONValue? {
        fields.first { $0.key == key }?.value
    }

    /// The reply as a JSON object: `"ok"`, `"error"`, the fields, then `"id"`.
    public var json: JSONValue {
        var members = [JSONMember("ok", .bool(ok))]
        if let error { members.append(JSONMember("error", .string(error))) }
        members += fields
        if let id { members.append(JSONMember("id", id)) }
        return .object(members)
    }

    /// The reply as one line of compact JSON, newline included.
    public var line: String { json.jsonText + "\n" }

    /// Reads a reply line (what a client receives); fails on anything that is not an
    /// object with a boolean `"ok"`.
    public static func parse(_ line: String) throws(ControlError) -> ControlReply {
        let json: JSONValue
        do {
            json = try JSONParser(maxDepth: 16, maxBytes: 65536).parse(line)
        } catch {
            throw ControlError("reply: \(error)")
        }
        guard case let .object(members) = json, let ok = json["ok"]?.boolValue else {
            throw ControlError("reply: expected an object with \"ok\": true or false")
        }
        let error = json["error"]?.stringValue
        if !ok && error == nil { throw ControlError("reply: \"ok\":false without an \"error\" string") }
        return ControlReply(ok: ok, error: error, id: json["id"],
                            fields: members.filter { !["ok", "error", "id"].contains($0.key) })
    }
}

extension ControlReply {
    /// The reply to `status`: `{"ok":true,` then the status object (`StatusReport`).
    /// `torch status --json` prints this same line with or without a service.
    public static func status(_ report: StatusReport, id: JSONValue? = nil) -> ControlReply {
        success(id: id, report.members)
    }
}
