import JSON

/// JSON Schema (2020-12) documents served beside the locators under `schemas/`, describing the main
/// resource of the `forecast` versions and of `price`. Each property has a `title` (the label a client
/// shows) and the properties are listed in display order.
enum SchemaFixtures {
    private static let dialect: JSONValue = "https://json-schema.org/draft/2020-12/schema"

    /// `schemas/forecast-2024-01-01.json`: the flat forecast.
    static var forecast20240101: JSONValue {
        [
            "$schema": dialect,
            "$id": "forecast-2024-01-01.json",
            "title": "Forecast (2024-01-01)",
            "description": "Today's forecast for one city.",
            "type": "object",
            "properties": [
                "city": ["title": "City", "type": "string"],
                "high": ["title": "High", "description": "Highest temperature today, °F", "type": "integer"],
                "low": ["title": "Low", "description": "Lowest temperature today, °F", "type": "integer"],
                "summary": ["title": "Summary", "type": "string"],
            ],
            "required": ["city", "high", "low", "summary"],
        ]
    }

    /// `schemas/forecast-2025-06-01.json`: location and temperature as nested objects. `temperature` is a
    /// `$ref` to `#/$defs/Temperature`; `location` is an `allOf` of a `$ref` and a refinement.
    static var forecast20250601: JSONValue {
        [
            "$schema": dialect,
            "$id": "forecast-2025-06-01.json",
            "title": "Forecast (2025-06-01)",
            "description": "Today's forecast for one place, with units.",
            "type": "object",
            "properties": [
                "location": [
                    "title": "Location",
                    "allOf": [
                        ["$ref": "#/$defs/Place"],
                        [
                            "properties": ["state": ["title": "State", "description": "Two-letter state code", "type": "string"]],
                            "required": ["state"],
                        ],
                    ],
                ],
                "temperature": ["title": "Temperature", "$ref": "#/$defs/Temperature"],
                "summary": ["title": "Summary", "type": "string"],
                "updated": ["title": "Updated", "type": "string", "format": "date-time"],
            ],
            "required": ["location", "temperature", "summary", "updated"],
            "$defs": [
                "Place": [
                    "type": "object",
                    "properties": ["city": ["title": "City", "type": "string"]],
                    "required": ["city"],
                ],
                "Temperature": [
                    "type": "object",
                    "properties": [
                        "high": ["title": "High", "type": "integer"],
                        "low": ["title": "Low", "type": "integer"],
                        "unit": ["title": "Unit", "enum": ["F", "C"]],
                    ],
                    "required": ["high", "low", "unit"],
                ],
            ],
        ]
    }

    /// `schemas/price.json`: what `price` v1 promises, and does not deliver.
    static var price: JSONValue {
        [
            "$schema": dialect,
            "$id": "price.json",
            "title": "Price",
            "type": "object",
            "properties": [
                "item": ["title": "Item", "type": "string"],
                "price": [
                    "title": "Price",
                    "type": "object",
                    "properties": [
                        "amount": ["title": "Amount", "type": "number"],
                        "currency": ["title": "Currency", "type": "string", "description": "ISO 4217 code"],
                    ],
                    "required": ["amount", "currency"],
                ],
            ],
            "required": ["item", "price"],
        ]
    }
}
