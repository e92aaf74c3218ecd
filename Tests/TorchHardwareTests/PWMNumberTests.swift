#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import TorchHardware
import TorchTesting

/// The hand-made decimal of the real-time path, and the kernel's number reading.
@Suite struct PWMNumberTests {
    func formatted(_ v: UInt64, capacity: Int = PWMDecimal.maxDigits) -> String {
        let buf = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
        defer { buf.deallocate() }
        let n = PWMDecimal.format(v, into: buf)
        return String(decoding: UnsafeRawBufferPointer(rebasing: buf[0..<n]), as: UTF8.self)
    }

    @Test(arguments: [(0, "0"), (1, "1"), (9, "9"), (10, "10"), (500_000, "500000"),
                      (4_294_967_296, "4294967296"), (UInt64.max, "18446744073709551615")] as [(UInt64, String)])
    func formatsDecimal(_ value: UInt64, _ text: String) {
        #expect(formatted(value) == text)
    }

    @Test func tooShortABufferWritesNothing() {
        #expect(formatted(123_456, capacity: 5) == "")
        #expect(formatted(12_345, capacity: 5) == "12345")
    }

    @Test func kernelUnsignedReading() throws {
        #expect(try KernelNumberParsing.unsigned("500000").get() == 500_000)
        #expect(try KernelNumberParsing.unsigned("500000\n").get() == 500_000)
        #expect(try KernelNumberParsing.unsigned("+7").get() == 7)
        #expect(try KernelNumberParsing.unsigned("0x1F").get() == 31)
        #expect(try KernelNumberParsing.unsigned("017").get() == 15)
        #expect(try KernelNumberParsing.unsigned("0").get() == 0)
        for bad in ["", "\n", "-1", " 1", "1 ", "08", "0x", "1.0", "1e3", "12abc"] {
            #expect(throws: SysfsErrno(EINVAL), "\(bad)") { try KernelNumberParsing.unsigned(bad).get() }
        }
        #expect(throws: SysfsErrno(ERANGE)) { try KernelNumberParsing.unsigned("18446744073709551616").get() }
        #expect(throws: SysfsErrno(ERANGE)) { try KernelNumberParsing.unsigned("4294967296", max: 4_294_967_295).get() }
    }

    @Test func kernelIntReading() throws {
        #expect(try KernelNumberParsing.int32("-1").get() == -1)
        #expect(try KernelNumberParsing.int32("1\n").get() == 1)
        #expect(try KernelNumberParsing.int32("-2147483648").get() == Int32.min)
        #expect(throws: SysfsErrno(ERANGE)) { try KernelNumberParsing.int32("2147483648").get() }
        #expect(throws: SysfsErrno(EINVAL)) { try KernelNumberParsing.int32("--1").get() }
    }

    @Test func periodFromFrequency() {
        #expect(PWMChannelSettings.period(forFrequency: 2000) == 500_000)
        #expect(PWMChannelSettings.period(forFrequency: 3000) == 333_333)
        #expect(PWMChannelSettings.period(forFrequency: 0) == nil)
        #expect(PWMChannelSettings.period(forFrequency: -5) == nil)
        #expect(PWMChannelSettings.period(forFrequency: .nan) == nil)
        #expect(PWMChannelSettings.period(forFrequency: 0.1) == nil) // 10 s: beyond 32-bit ns
        #expect(PWMChannelSettings().frequency == 2000)
    }
}
