import TorchCore

/// The error lines `TorchConfig.parse` reports for `text` read as `torch.conf`
/// (empty when it parses).
func configErrors(_ text: String) -> [String] {
    do {
        _ = try TorchConfig.parse(text, file: "torch.conf", frontEnds: [])
        return []
    } catch {
        return error.errors.map(\.description)
    }
}
