/// One member of a JSON object a command prints: its key and how its value is read from the
/// value printed. A printed type lists its members once, as a table of these (`ListReport.App.fields`),
/// and its `encode(to:)` writes that table: a new member is a property, its row, and where the
/// property is set. Keys are sorted by the writer, so a table's order is free.
struct JSONField<Root>: Sendable {
    let key: String
    private let write: @Sendable (Root, inout KeyedEncodingContainer<JSONFieldKey>) throws -> Void

    /// `value`, as null when it is nil.
    init<Value: Encodable & SendableMetatype>(_ key: String, _ value: @escaping @Sendable (Root) -> Value?) {
        self.key = key
        write = { root, container in try container.encodeOrNull(value(root), forKey: JSONFieldKey(key)) }
    }

    /// `value` where `present` holds, else no member at all.
    init<Value: Encodable & SendableMetatype>(_ key: String, when present: @escaping @Sendable (Root) -> Bool,
                           _ value: @escaping @Sendable (Root) -> Value?) {
        self.key = key
        write = { root, container in
            if present(root) { try container.encodeOrNull(value(root), forKey: JSONFieldKey(key)) }
        }
    }

    /// Writes this member of `root` into `container`.
    func encode(_ root: Root, into container: inout KeyedEncodingContainer<JSONFieldKey>) throws {
        try write(root, &container)
    }
}

/// A member's key, as a table of `JSONField`s names it.
struct JSONFieldKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Encoder {
    /// `root` as the object its `fields` make.
    func encode<Root>(_ root: Root, fields: [JSONField<Root>]) throws {
        var container = container(keyedBy: JSONFieldKey.self)
        for field in fields { try field.encode(root, into: &container) }
    }
}
