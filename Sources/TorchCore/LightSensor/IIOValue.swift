/// A value as the kernel's IIO core prints it in sysfs (`iio_format_value`): an integer
/// (`183`), or a decimal with six or nine fraction digits (`0.120000`, `-0.500000`,
/// `1.500000000`), then a newline. Lists of values (`IIO_VAL_INT_MULTIPLE`) and units
/// (`… dB`) are not what a light channel's value, scale, offset, integration time or
/// sampling frequency holds, so they are refused.
public enum IIOValue {
    /// The longest attribute text read as a value: a 64-bit integer with nine decimals
    /// and a sign fits well within it.
    public static let maximumLength = 40

    public static let allowed = "a decimal number as the kernel's IIO core prints it (183, 0.120000, -0.5)"

    /// The number, or a `ValueError` naming the text (bounded and escaped when shown).
    public static func parse(_ text: String) throws(ValueError) -> Double {
        let t = text.trimmedASCII
        guard t.utf8.count <= maximumLength, t.first != "+", let v = DecimalSyntax.parse(t), v.isFinite else {
            throw ValueError(value: text, allowed: allowed)
        }
        return v
    }
}
