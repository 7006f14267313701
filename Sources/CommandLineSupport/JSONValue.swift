/// A JSON document as the commands print it for scripts: what a value's `Encodable` conformance
/// (its one schema) encodes, ready for `PrettyJSONWriter`.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Members in any order: the writer sorts the keys.
    case object([String: JSONValue])

    /// `value` as `JSONEncoder` sees it: `nil` as null, optional members left out where the
    /// conformance uses `encodeIfPresent`, enums by their raw values, a value that encodes
    /// nothing as an empty object.
    public init<Value: Encodable>(encoding value: Value) throws {
        self = try ValueEncoder.value(of: value, codingPath: [])
    }
}

/// The node `ValueEncoder` fills: a value, an object's members or an array's elements.
private final class Node {
    var value: JSONValue?
    var members: [String: Node]?
    var elements: [Node]?

    init(_ value: JSONValue? = nil) { self.value = value }

    var json: JSONValue {
        if let members { return .object(members.mapValues(\.json)) }
        if let elements { return .array(elements.map(\.json)) }
        return value ?? .object([:])
    }
}

/// An `Encoder` that builds a `JSONValue` tree: the one walk over `Encodable` the commands' JSON takes.
private struct ValueEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func value<Value: Encodable>(of value: Value, codingPath: [any CodingKey]) throws -> JSONValue {
        try node(for: value, codingPath: codingPath).json
    }

    /// Strings, numbers and booleans directly; anything else through its `encode(to:)`.
    static func node<Value: Encodable>(for value: Value, codingPath: [any CodingKey]) throws -> Node {
        switch value {
        case let string as String: return Node(.string(string))
        case let int as Int: return Node(.int(int))
        case let bool as Bool: return Node(.bool(bool))
        case let double as Double: return Node(.double(double))
        default:
            let node = Node()
            try value.encode(to: ValueEncoder(node: node, codingPath: codingPath))
            return node
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.members == nil { node.members = [:] }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.elements == nil { node.elements = [] }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func put(_ value: JSONValue, _ key: Key) { node.members?[key.stringValue] = Node(value) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(.double(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.int(Int(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.int(Int(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.int(Int(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.int(Int(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put(.int(exactly(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.int(Int(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.int(Int(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.int(Int(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(.int(exactly(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.members?[key.stringValue] = try ValueEncoder.node(for: value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = Node()
        node.members?[key.stringValue] = child
        return ValueEncoder(node: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = Node()
        node.members?[key.stringValue] = child
        return ValueEncoder(node: child, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named name: String) -> any Encoder {
        let child = Node()
        node.members?[name] = child
        return ValueEncoder(node: child, codingPath: codingPath)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.elements?.count ?? 0 }

    private func append(_ value: JSONValue) { node.elements?.append(Node(value)) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.double(value)) }
    mutating func encode(_ value: Float) throws { append(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { append(.int(value)) }
    mutating func encode(_ value: Int8) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt) throws { try append(.int(exactly(value))) }
    mutating func encode(_ value: UInt8) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt64) throws { try append(.int(exactly(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.elements?.append(try ValueEncoder.node(for: value, codingPath: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = Node()
        node.elements?.append(child)
        return ValueEncoder(node: child, codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = Node()
        node.elements?.append(child)
        return ValueEncoder(node: child, codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = Node()
        node.elements?.append(child)
        return ValueEncoder(node: child, codingPath: codingPath)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.value = .null }
    mutating func encode(_ value: Bool) throws { node.value = .bool(value) }
    mutating func encode(_ value: String) throws { node.value = .string(value) }
    mutating func encode(_ value: Double) throws { node.value = .double(value) }
    mutating func encode(_ value: Float) throws { node.value = .double(Double(value)) }
    mutating func encode(_ value: Int) throws { node.value = .int(value) }
    mutating func encode(_ value: Int8) throws { node.value = .int(Int(value)) }
    mutating func encode(_ value: Int16) throws { node.value = .int(Int(value)) }
    mutating func encode(_ value: Int32) throws { node.value = .int(Int(value)) }
    mutating func encode(_ value: Int64) throws { node.value = .int(Int(value)) }
    mutating func encode(_ value: UInt) throws { node.value = .int(try exactly(value)) }
    mutating func encode(_ value: UInt8) throws { node.value = .int(Int(value)) }
    mutating func encode(_ value: UInt16) throws { node.value = .int(Int(value)) }
    mutating func encode(_ value: UInt32) throws { node.value = .int(Int(value)) }
    mutating func encode(_ value: UInt64) throws { node.value = .int(try exactly(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let child = try ValueEncoder.node(for: value, codingPath: codingPath)
        node.value = child.value
        node.members = child.members
        node.elements = child.elements
    }
}

/// An unsigned number the writer's `Int` can hold; larger ones are refused rather than wrapped.
private func exactly<Number: BinaryInteger>(_ value: Number) throws -> Int {
    guard let exact = Int(exactly: value) else {
        throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "\(value) is beyond Int"))
    }
    return exact
}
