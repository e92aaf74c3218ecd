import TorchCore
import TorchHardware

/// How the service's light outlives its process: at a restart the next process takes it
/// over as it is (no dark gap), at a stop it is put back. `SystemdHandover` does it
/// with systemd's file descriptor store; the embedded service's tests script one.
public protocol ServiceHandover: AnyObject {
    /// The output is open, or was taken again: keep whatever holds its level where the
    /// next process finds it (a GPIO line's request in systemd's store).
    func keep(_ output: any LightOutput)
    /// The light changed: what the next process resumes (the state, the program's time
    /// zero).
    func lightChanged(_ resumption: Resumption)
    /// At the stop, before anything is put back: whether the light is left for the next
    /// process (`LightAtStop`).
    func decideAtStop() -> LightAtStop
    /// The light is left for the next process: what it resumes, marked as handed over.
    func handOver(_ resumption: Resumption)
    /// After a stop that put everything back: nothing is left for a next process.
    func putBack()
}
