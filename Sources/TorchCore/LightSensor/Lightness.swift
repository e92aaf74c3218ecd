/// CIE 1976 lightness L* (0…100) and relative luminance Y (0…1, of the LED's full light),
/// both ways: Y = ((L* + 16)/116)³ above L* = 8, else L*/903.3 (the `cie` curve), and
/// L* = 116·Y^⅓ − 16 above Y = 0.008856, else 903.3·Y. What a light sensor's readings
/// are judged by: an illuminance over the LED's own full and dark readings is a relative
/// luminance, and its L* is the lightness a person sees.
public enum Lightness {
    /// Where the cube segment meets the linear one: Y = (24/116)³ ≈ 0.008856 (L* = 8).
    public static let linearBelow = 0.008856451679035631

    /// L* 0…100 of a relative luminance (clamped into 0…1; NaN reads as 0).
    public static func lStar(luminance y: Double) -> Double {
        let v = y.isNaN ? 0 : min(1, max(0, y))
        if v <= linearBelow { return 903.3 * v }
        return 116 * cubeRoot(v) - 16
    }

    /// The relative luminance 0…1 of an L* 0…100 (the `cie` curve's duty for it).
    public static func luminance(lStar: Double) -> Double {
        BrightnessCurve.cie.duty(forLightness: lStar / 100)
    }

    /// ∛x for x in 0…1 by Newton's method (the core has no libm call for it), from a
    /// guess above the root, until a step changes it by no more than its last bits.
    static func cubeRoot(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        var r = max(x, 0.2)
        for _ in 0..<60 {
            let next = (2 * r + x / (r * r)) / 3
            if abs(next - r) <= 1e-15 * r { return next }
            r = next
        }
        return r
    }
}
