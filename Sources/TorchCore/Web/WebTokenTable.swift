/// The phones paired with the web page (`torch web-link`), one token each: minting one
/// leaves the others alone, revoking one stops only its link and its sessions.
public struct WebTokenTable: Sendable, Equatable {
    /// In the order they were minted (the file's order).
    public private(set) var phones: [WebPhone]

    /// The phones as given; names and tokens must be unique (the file's parser checks).
    public init(phones: [WebPhone] = []) {
        self.phones = phones
    }

    /// The phone whose token `presented` is, nil when none. Every token is compared in
    /// full, whichever matches, so the time taken says nothing about which one is near.
    public func phone(presenting presented: String?) -> WebPhone? {
        guard let presented else { return nil }
        var found: WebPhone?
        for p in phones where WebAccess.tokensMatch(presented, p.token) { found = p }
        return found
    }

    public func phone(named name: String) -> WebPhone? {
        phones.first { $0.name == name }
    }

    /// The name a phone gets without `--name`: `phone-N`, the smallest N from 1 not taken.
    public func defaultName() -> String {
        var n = 1
        while phone(named: "phone-\(n)") != nil { n += 1 }
        return "phone-\(n)"
    }

    /// Adds `phone`; refused when its name or its token is already there.
    public mutating func mint(_ phone: WebPhone) throws(WebTokenError) {
        guard WebPhone.isWellFormedName(phone.name) else {
            throw WebTokenError("phone name '\(phone.name.prefix(40))' is not valid: expected \(WebPhone.nameRule)")
        }
        guard self.phone(named: phone.name) == nil else {
            throw WebTokenError("a phone named '\(phone.name)' is already paired: choose another --name, "
                                + "or revoke it first (torch web-link --revoke \(phone.name))")
        }
        guard self.phone(presenting: phone.token) == nil else {
            throw WebTokenError("the new token for '\(phone.name)' is another phone's: mint again")
        }
        phones.append(phone)
    }

    /// Removes the phone named `name` and returns it; refused, naming the phones there
    /// are, when there is none of that name.
    @discardableResult
    public mutating func revoke(named name: String) throws(WebTokenError) -> WebPhone {
        guard let i = phones.firstIndex(where: { $0.name == name }) else {
            let known = phones.isEmpty ? "no phone is paired" : "the phones are " + phones.map(\.name).joined(separator: ", ")
            throw WebTokenError("no phone named '\(name.prefix(40))' (\(known); torch web-link --list)")
        }
        return phones.remove(at: i)
    }

    /// Removes every phone (`torch web-link --new`).
    public mutating func revokeAll() {
        phones.removeAll()
    }
}

/// A refused change to the phones: one line saying what and why.
public struct WebTokenError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
