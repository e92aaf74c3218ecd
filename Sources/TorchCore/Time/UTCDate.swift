/// A wall-clock instant as people read it in a listing (`torch web-link --list`):
/// `2026-12-02 04:00 UTC`, from seconds since the Unix epoch. UTC, so the text does not
/// depend on a time zone database the core has no access to.
public enum UTCDate {
    /// `YYYY-MM-DD HH:MM UTC` for `seconds` since 1970-01-01 00:00 UTC (proleptic
    /// Gregorian calendar; negative seconds are before 1970).
    public static func text(unixSeconds seconds: Int64) -> String {
        // Days and the second within the day, rounding towards the past.
        let (q, r) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let days = r < 0 ? q - 1 : q
        let second = r < 0 ? r + 86_400 : r
        // Howard Hinnant's civil_from_days: 400-year eras of 146 097 days from 0000-03-01.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return "\(year)-\(two(month))-\(two(day)) \(two(second / 3600)):\(two(second % 3600 / 60)) UTC"
    }

    static func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
