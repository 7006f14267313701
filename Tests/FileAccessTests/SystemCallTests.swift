#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileAccess
import SystemPackage
import Testing

@Suite struct SystemCallTests {
    /// A failure says which call failed, with the system's words, and keeps the `Errno` code
    /// decides by.
    @Test func aFailedCallIsNamed() {
        #expect(throws: SystemCallError("close", .badFileDescriptor)) { try systemCall("close") { close(-1) } }
        let error = SystemCallError("close", .badFileDescriptor)
        #expect(error.description == "close: \(Errno.badFileDescriptor.message)")
        #expect(error.message == Errno.badFileDescriptor.message)
    }

    @Test func aCallThatWorksGivesItsResult() throws {
        let descriptor = try systemCall("open") { open("/dev/null", O_RDONLY) }
        #expect(descriptor >= 0)
        try systemCall("close") { close(descriptor) }
    }

    /// Both ends of a pipe are closed when another program starts, and what goes in comes out.
    @Test func aPipeIsCloseOnExecAndCarriesBytes() throws {
        let ends = try Descriptors.pipe()
        defer { close(ends.read); close(ends.write) }
        for end in [ends.read, ends.write] {
            let flags = try systemCall("fcntl") { fcntl(end, F_GETFD) }
            #expect(flags & FD_CLOEXEC != 0)
        }
        let bytes: [UInt8] = [1, 2, 3]
        #expect(try systemCall("write") { bytes.withUnsafeBytes { write(ends.write, $0.baseAddress, $0.count) } } == 3)
        var got = [UInt8](repeating: 0, count: 3)
        #expect(try systemCall("read") { got.withUnsafeMutableBytes { read(ends.read, $0.baseAddress, $0.count) } } == 3)
        #expect(got == bytes)
    }

    @Test func aDuplicateIsCloseOnExecAndOpenOnTheSameFile() throws {
        let ends = try Descriptors.pipe()
        defer { close(ends.read); close(ends.write) }
        let copy = try Descriptors.duplicate(ends.write)
        defer { close(copy) }
        #expect(copy != ends.write)
        #expect(try systemCall("fcntl") { fcntl(copy, F_GETFD) } & FD_CLOEXEC != 0)
        let byte: [UInt8] = [7]
        _ = try systemCall("write") { byte.withUnsafeBytes { write(copy, $0.baseAddress, 1) } }
        var got: [UInt8] = [0]
        _ = try systemCall("read") { got.withUnsafeMutableBytes { read(ends.read, $0.baseAddress, 1) } }
        #expect(got == byte)
    }

    @Test func aDescriptorMadeToBeAnother() throws {
        let first = try Descriptors.pipe(), second = try Descriptors.pipe()
        defer { [first.read, first.write, second.read, second.write].forEach { close($0) } }
        try Descriptors.duplicate(first.write, as: second.write)
        let byte: [UInt8] = [9]
        _ = try systemCall("write") { byte.withUnsafeBytes { write(second.write, $0.baseAddress, 1) } }
        var got: [UInt8] = [0]
        _ = try systemCall("read") { got.withUnsafeMutableBytes { read(first.read, $0.baseAddress, 1) } }
        #expect(got == byte)
        #expect(throws: SystemCallError("dup2", .badFileDescriptor)) { try Descriptors.duplicate(-1, as: second.write) }
    }

    /// What is no terminal has neither a size nor modes, and the error names the call that said so.
    @Test func terminalCallsOnAPipeAreNamedFailures() throws {
        let ends = try Descriptors.pipe()
        defer { close(ends.read); close(ends.write) }
        #expect(throws: SystemCallError("ioctl", .inappropriateIOCTLForDevice)) { _ = try Descriptors.windowSize(of: ends.read) }
        #expect(throws: SystemCallError("tcgetattr", .inappropriateIOCTLForDevice)) { _ = try Descriptors.terminalModes(of: ends.read) }
        #expect(throws: SystemCallError("tcsetattr", .inappropriateIOCTLForDevice)) { try Descriptors.setTerminalModes(termios(), of: ends.read) }
    }
}
