/// syslog priorities, as journald reads them from a `<N>` line prefix.
public enum LogPriority: Int32, Sendable, CaseIterable {
    case emergency = 0, alert, critical, error, warning, notice, info, debug
}
