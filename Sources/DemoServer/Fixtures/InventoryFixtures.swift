import JSON

/// The stock list of the query-versioned `inventory` service, in its two shapes.
enum InventoryFixtures {
    private static let items: [(sku: String, name: String, available: Int, reserved: Int)] = [
        ("A1", "Anvil", 3, 1),
        ("B2", "Bellows", 12, 0),
        ("C3", "Crowbar", 0, 2),
        ("D4", "Dynamite (crate)", 7, 7),
    ]

    /// `inventory/2024-05-01.json`: `{"items":[{sku, name, qty}]}`, where `qty` is what can be sold.
    static var v20240501: JSONValue {
        ["items": .array(items.map { item in
            ["sku": .string(item.sku), "name": .string(item.name), "qty": .int(item.available)]
        })]
    }

    /// `inventory/2025-01-15.json`: `{"items":[{sku, title, stock:{available, reserved}}], "total"}`.
    static var v20250115: JSONValue {
        [
            "items": .array(items.map { item in
                [
                    "sku": .string(item.sku), "title": .string(item.name),
                    "stock": ["available": .int(item.available), "reserved": .int(item.reserved)],
                ]
            }),
            "total": .int(items.count),
        ]
    }
}
