import IconCatalog
import ProjectWriting

extension FuzzHarness {
    /// The most containers of one document `expoEdit` adds to and takes from: enough to reach
    /// every shape of a real config, few enough to keep each run fast.
    static let maximumEditedContainers = 32

    /// The minimal text edits `add` and `remove` make in an Expo `app.json`, on made-up JSON5:
    /// for each object and array, a child added is read back as its last child, the rest of the
    /// document reading the same, and taking it out gives back every byte (an empty container
    /// written with spaces inside comes back as `[]` / `{}`).
    public static func expoEdit(_ bytes: [UInt8]) {
        guard bytes.count <= 1 << 16, case .success(let outline) = JSON5Reader.outline(bytes) else { return }
        let edit = JSON5TextEdit(bytes)
        var containers: [JSON5Node] = []
        var pending = [outline]
        while let node = pending.popLast(), containers.count < maximumEditedContainers {
            switch node.value {
            case .object, .array: containers.append(node)
            default: break
            }
            pending += node.elements + node.members.map(\.node)
        }
        for container in containers {
            let isObject = if case .object = container.value { true } else { false }
            let added = edit.applying(edit.adding({ _ in isObject ? "\"fuzz\u{2603}\": \"v\"" : "\"v\"" }, to: container))
            guard case .success(let grown) = JSON5Reader.outline(added) else {
                preconditionFailure("an added child leaves no JSON5: \(String(decoding: added, as: UTF8.self))")
            }
            guard let same = node(at: container.range.lowerBound, in: grown) else { preconditionFailure("the container moved") }
            let children = isObject ? same.members.count : same.elements.count
            precondition(children == (isObject ? container.members.count : container.elements.count) + 1, "one child more")
            if isObject {
                precondition(same.members.last?.key == "fuzz\u{2603}" && same.members.last?.node.value == .string("v"), "added last")
            } else {
                precondition(same.elements.last?.value == .string("v"), "added last")
            }
            let back = JSON5TextEdit(added)
            let removed = back.applying(back.removing(children - 1, of: same))
            let inner = (container.range.lowerBound + 1)..<(container.range.upperBound - 1)
            let spacesInside = children == 1 && !inner.isEmpty && bytes[inner].allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
            let expected = spacesInside ? Array(bytes[..<inner.lowerBound]) + Array(bytes[inner.upperBound...]) : bytes
            precondition(removed == expected, "taking out what was added gives back the bytes")
        }
    }

    /// The object or array whose text starts at `offset`.
    private static func node(at offset: Int, in root: JSON5Node) -> JSON5Node? {
        var current = root
        while current.range.lowerBound != offset {
            guard let next = (current.elements + current.members.map(\.node)).first(where: { $0.range.contains(offset) }) else { return nil }
            current = next
        }
        return current
    }
}
