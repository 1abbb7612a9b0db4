import JSON

/// The product list of the media-type-versioned `catalog` service, in its two shapes.
enum CatalogFixtures {
    private static let products: [(id: Int, name: String, price: Double, category: String, inStock: Bool)] = [
        (101, "Espresso cup", 12.5, "kitchen", true),
        (102, "Pour-over kettle", 39, "kitchen", true),
        (203, "Desk lamp", 54.9, "office", false),
        (305, "Rain jacket", 89, "outdoor", true),
    ]

    /// `catalog/v1.json`: `{"products":[{id, name, price, category}]}`, the price a plain number.
    static var v1: JSONValue {
        ["products": .array(products.map { product in
            [
                "id": .int(product.id), "name": .string(product.name),
                "price": .double(product.price), "category": .string(product.category),
            ]
        })]
    }

    /// `catalog/v2.json`: ids become strings, the price carries its currency, the category becomes a
    /// list, stock is shown, and a count is added.
    static var v2: JSONValue {
        [
            "products": .array(products.map { product in
                [
                    "id": .string("p\(product.id)"), "name": .string(product.name),
                    "price": ["amount": .double(product.price), "currency": "USD"],
                    "categories": [.string(product.category)],
                    "inStock": .bool(product.inStock),
                ]
            }),
            "count": .int(products.count),
        ]
    }
}
