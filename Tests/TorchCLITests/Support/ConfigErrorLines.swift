@testable import torch
import TorchCore

/// The error lines of `text` read as `torch.conf` with the executable's front ends'
/// sections and `more` (empty when it parses).
func configErrorLines(_ text: String, more: [any FrontEndSection.Type] = []) -> [String] {
    do {
        _ = try TorchConfig.parse(text, file: "torch.conf", frontEnds: FrontEndKinds.sections + more)
        return []
    } catch {
        return error.errors.map(\.description)
    }
}
