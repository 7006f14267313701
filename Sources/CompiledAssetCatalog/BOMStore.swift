/// The container of a compiled asset catalog: a BOM store (big-endian). A header points at a
/// table of blocks (offset, length) and a table of named variables, each naming a block; the
/// named blocks CoreUI uses are either plain (`CARHEADER`, `KEYFORMAT`) or B-trees (`tree`
/// header → nodes of one block each: leaves hold (value block, key block) pairs and link to the
/// next leaf, inner nodes point at their children).
public struct BOMStore: Sendable {
    let data: Bytes
    /// The block table's entries (offset, length; eight bytes each, big-endian), checked one by
    /// one when a tree or rendition uses them: cars thinned by `carutil` leave unused slots of
    /// all ones, and unused slots may be zero, so a slot nothing uses is never refused.
    let blockTable: Bytes
    /// Slots in the block table.
    let blockCount: Int
    /// Variable name → block number.
    public let variables: [String: Int]

    /// Trees nest no deeper than this (a car's are one or two levels).
    static let maximumDepth = 32

    public init(_ bytes: [UInt8]) throws(CarError) {
        let data = Bytes(bytes)
        guard data.starts(with: Array("BOMStore".utf8)), let version = data.intBE(8), version == 1,
              let indexOffset = data.intBE(16), let indexLength = data.intBE(20),
              let varsOffset = data.intBE(24), let varsLength = data.intBE(28) else { throw .notABOMStore }
        guard let index = data.slice(indexOffset, indexLength), let count = index.intBE(0),
              count <= (index.count - 4) / 8, let table = index.slice(4, count * 8) else { throw .badTable("block table") }
        guard let vars = data.slice(varsOffset, varsLength), let varCount = vars.intBE(0),
              varCount <= (vars.count - 4) / 5 else { throw .badTable("table of named trees") }
        var variables: [String: Int] = [:]
        var at = 4
        for _ in 0..<varCount {
            guard let block = vars.intBE(at), let length = vars.byte(at + 4), let name = vars.slice(at + 5, Int(length)) else {
                throw .badTable("table of named trees")
            }
            variables[String(decoding: name.array, as: UTF8.self)] = block
            at += 5 + Int(length)
        }
        self.data = data
        self.blockTable = table
        self.blockCount = count
        self.variables = variables
    }

    /// Block number `index`'s bytes.
    /// A block that lies outside the file (a free slot of all ones among them) is refused here,
    /// when something uses it.
    func block(_ index: Int) throws(CarError) -> Bytes {
        guard index >= 0, index < blockCount, let offset = blockTable.intBE(8 * index), let length = blockTable.intBE(8 * index + 4) else {
            throw .badBlock(index)
        }
        guard let bytes = data.slice(offset, length) else { throw .badTable("block \(index)") }
        return bytes
    }

    /// The block a variable names; nil when the store has no such variable.
    func namedBlock(_ name: String) throws(CarError) -> Bytes? {
        guard let index = variables[name] else { return nil }
        return try block(index)
    }

    /// Every (key, value) of the tree `name` in key order: from its root down the first children
    /// to the first leaf, then along the leaves' forward links. nil when the store has no tree of
    /// that name. A node met twice (a cycle), a tree deeper than `maximumDepth`, or a node whose
    /// entries overrun its block is refused.
    func tree(_ name: String) throws(CarError) -> [(key: Bytes, value: Bytes)]? {
        guard let header = try namedBlock(name) else { return nil }
        guard header.starts(with: Array("tree".utf8)), let root = header.intBE(8) else {
            throw .badTree(name: name, reason: "has no tree header")
        }
        var visited = Set<Int>()
        var node = root
        // Down to the first leaf.
        for depth in 0... {
            guard depth < Self.maximumDepth else { throw .badTree(name: name, reason: "nests deeper than \(Self.maximumDepth) levels") }
            guard visited.insert(node).inserted else { throw .badTree(name: name, reason: "loops back on itself") }
            let bytes = try block(node)
            guard let isLeaf = bytes.uint16BE(0), let count = bytes.uint16BE(2) else {
                throw .badTree(name: name, reason: "has a node shorter than its header")
            }
            if isLeaf != 0 { break }
            guard count > 0, let child = bytes.intBE(12) else { throw .badTree(name: name, reason: "has an empty inner node") }
            node = child
        }
        var entries: [(key: Bytes, value: Bytes)] = []
        while true {
            let bytes = try block(node)
            guard let isLeaf = bytes.uint16BE(0), isLeaf != 0, let count = bytes.uint16BE(2), let forward = bytes.intBE(4),
                  Int(count) <= (bytes.count - 12) / 8 else {
                throw .badTree(name: name, reason: "has a leaf whose entries overrun its block")
            }
            // Each entry of a real tree takes eight bytes of its leaf, leaves not overlapping: more
            // entries than the file has eight-byte pieces come from leaves that share their bytes.
            guard Int(count) <= data.count / 8 - entries.count else {
                throw .badTree(name: name, reason: "has more entries than the file can hold")
            }
            for i in 0..<Int(count) {
                let value = bytes.intBE(12 + 8 * i)!, key = bytes.intBE(16 + 8 * i)!
                entries.append((key: try block(key), value: try block(value)))
            }
            guard forward != 0 else { return entries }
            guard visited.insert(forward).inserted else { throw .badTree(name: name, reason: "loops back on itself") }
            node = forward
        }
    }
}
