"""OpenAPI 3 documents in the shape of Twilio's api_v2010, generated (nothing is downloaded or copied).

What makes that document costly to read is kept: ~200 operations on 40 resources (list, create, fetch,
update, delete), every path under `/2010-04-01/Accounts/{AccountSid}/…`, long descriptions with markdown
links on every parameter and property, `x-twilio` extensions, form-encoded request bodies whose properties
name shared enums through `$ref`, responses that `$ref` one shared schema per resource, and list responses
with the paging members inline. `document(...)` gives the plain data; the caller writes it as YAML (block
style, as Twilio publishes it) or JSON (indented by two, as Twilio publishes it).

`changed(document)` is a second version of it for `diff --spec`: paths moved under another prefix (their
operationIds kept, so the diff pairs them), operations renamed, removed and added, properties removed,
retyped and added, enums narrowed, parameters made required.
"""
import copy
import random

RESOURCES = [
    "Message", "Call", "Recording", "Conference", "Participant", "Queue", "Member", "Address", "Application",
    "AuthorizedConnectApp", "Balance", "ConnectApp", "IncomingPhoneNumber", "Key", "Media", "Notification",
    "OutgoingCallerId", "Payment", "Siprec", "Stream", "ShortCode", "SigningKey", "CredentialList", "Credential",
    "Domain", "IpAccessControlList", "IpAddress", "Transcription", "UsageRecord", "UsageTrigger",
    "UserDefinedMessage", "Feedback", "FeedbackSummary", "Event", "SipTrunk", "Token", "ValidationRequest",
    "AssignedAddOn", "Extension", "DependentPhoneNumber",
]
WORDS = [
    "the", "resource", "that", "created", "account", "unique", "string", "identifies", "this", "when", "value",
    "is", "of", "for", "in", "to", "a", "an", "and", "or", "be", "can", "with", "from", "message", "status",
    "callback", "URL", "phone", "number", "format", "E.164", "sent", "delivered", "Twilio", "request", "parameter",
    "optional", "required", "see", "more", "information", "about", "how", "use", "set", "will", "not", "only",
    "[Account](https://www.twilio.com/docs/iam/api/account)", "[E.164](https://www.twilio.com/docs/glossary/what-e164)",
    "`true`", "`false`", "`null`", "RFC\u00a02822", "GMT", "seconds", "minutes", "characters", "maximum", "default",
]
PROPERTY_STEMS = [
    "account_sid", "api_version", "body", "date_created", "date_sent", "date_updated", "direction", "error_code",
    "error_message", "from", "messaging_service_sid", "num_media", "num_segments", "price", "price_unit", "sid",
    "status", "subresource_uris", "to", "uri", "friendly_name", "duration", "start_time", "end_time", "parent_sid",
    "caller_name", "forwarded_from", "group_sid", "queue_time", "trunk_sid", "annotation", "answered_by",
]
ENUM_VALUES = [
    ["queued", "sending", "sent", "failed", "delivered", "undelivered", "receiving", "received", "accepted",
     "scheduled", "read", "partially_delivered", "canceled"],
    ["inbound", "outbound-api", "outbound-call", "outbound-reply"],
    ["retain", "discard"],
    ["fixed"],
    ["true", "false"],
    ["GET", "POST"],
    ["in-progress", "paused", "stopped", "processing", "completed", "absent"],
    ["daily", "monthly", "yearly", "alltime"],
]
CREATE_MESSAGE = [  # the body of CreateMessage: (name, schema), the first required
    ("To", {"type": "string", "format": "phone-number"}),
    ("StatusCallback", {"type": "string", "format": "uri"}),
    ("ApplicationSid", {"type": "string", "minLength": 34, "maxLength": 34, "pattern": "^AP[0-9a-fA-F]{32}$"}),
    ("MaxPrice", {"type": "number"}),
    ("ProvideFeedback", {"type": "boolean"}),
    ("Attempt", {"type": "integer"}),
    ("ValidityPeriod", {"type": "integer"}),
    ("ForceDelivery", {"type": "boolean"}),
    ("ContentRetention", {"$ref": "#/components/schemas/message_enum_content_retention"}),
    ("AddressRetention", {"$ref": "#/components/schemas/message_enum_address_retention"}),
    ("SmartEncoded", {"type": "boolean"}),
    ("PersistentAction", {"type": "array", "items": {"type": "string"}}),
    ("ShortenUrls", {"type": "boolean"}),
    ("ScheduleType", {"$ref": "#/components/schemas/message_enum_schedule_type"}),
    ("SendAt", {"type": "string", "format": "date-time"}),
    ("SendAsMms", {"type": "boolean"}),
    ("ContentVariables", {"type": "string"}),
    ("RiskCheck", {"$ref": "#/components/schemas/message_enum_risk_check"}),
    ("From", {"type": "string", "format": "phone-number"}),
    ("MessagingServiceSid", {"type": "string", "minLength": 34, "maxLength": 34, "pattern": "^MG[0-9a-fA-F]{32}$"}),
    ("Body", {"type": "string"}),
    ("MediaUrl", {"type": "array", "items": {"type": "string", "format": "uri"}}),
    ("ContentSid", {"type": "string", "minLength": 34, "maxLength": 34, "pattern": "^HX[0-9a-fA-F]{32}$"}),
]
MESSAGE_ENUMS = {
    "message_enum_content_retention": ["retain", "discard"],
    "message_enum_address_retention": ["retain", "obfuscate"],
    "message_enum_schedule_type": ["fixed"],
    "message_enum_risk_check": ["enable", "disable"],
    "message_enum_status": ENUM_VALUES[0],
    "message_enum_direction": ENUM_VALUES[1],
}


def sentence(rng, words):
    text = " ".join(rng.choice(WORDS) for _ in range(max(1, round(words * rng.verbosity))))
    return text[0].upper() + text[1:] + "."


def snake(name):
    return "".join("_" + c.lower() if c.isupper() and i else c.lower() for i, c in enumerate(name))


def pascal(stem):
    return "".join(part.capitalize() for part in stem.split("_"))


def component_name(resource):
    return f"api.v2010.account.{snake(resource)}"


def property_schema(rng, stem, enum_name):
    if stem == "status":
        schema = {"$ref": f"#/components/schemas/{enum_name}"}
    elif stem.endswith("sid"):
        prefix = stem[:2].upper()
        schema = {"type": "string", "minLength": 34, "maxLength": 34, "pattern": f"^{prefix}[0-9a-fA-F]{{32}}$"}
    elif stem.startswith("date_") or stem.endswith("_time"):
        schema = {"type": "string", "format": "date-time-rfc-2822"}
    elif stem in ("num_media", "num_segments", "price", "duration", "queue_time"):
        schema = {"type": "string"}
    elif stem == "error_code":
        schema = {"type": "integer", "default": 0}
    elif stem.endswith("uri") or stem.endswith("uris"):
        schema = {"type": "string", "format": "uri-map" if stem.endswith("uris") else "uri"}
    else:
        schema = {"type": "string"}
    if "$ref" not in schema:
        schema["nullable"] = True
    schema["description"] = sentence(rng, rng.randrange(28, 72))
    if stem in ("to", "from", "body", "caller_name", "forwarded_from"):
        schema["x-twilio"] = {"pii": {"handling": "standard", "deleteSla": 120}}
    return schema


def document(server, verbosity=1.1, seed=0x7477696C):
    """The api_v2010-shaped document, its servers pointing at `server`; `verbosity` scales the length of
    every description (1.1: ~1.5 MB as YAML, ~1.75 MB as JSON; 1.45: ~2 MB as JSON)."""
    rng = random.Random(seed)
    rng.verbosity = verbosity
    schemas, paths = {}, {}
    for index, resource in enumerate(RESOURCES):
        component = component_name(resource)
        enum_name = "message_enum_status" if resource == "Message" else f"{snake(resource)}_enum_status"
        stems = PROPERTY_STEMS[: 18 + index % 14]
        schemas[component] = {
            "type": "object",
            "properties": {stem: property_schema(rng, stem, enum_name) for stem in stems},
        }
        if resource != "Message":
            schemas[enum_name] = {"type": "string", "enum": ENUM_VALUES[index % len(ENUM_VALUES)]}
        plural = resource + ("es" if resource.endswith("s") else "s")
        list_path = f"/2010-04-01/Accounts/{{AccountSid}}/{plural}.json"
        instance_path = f"/2010-04-01/Accounts/{{AccountSid}}/{plural}/{{Sid}}.json"
        account = {
            "name": "AccountSid", "in": "path", "required": True,
            "description": f"The SID of the [Account](https://www.twilio.com/docs/iam/api/account) that created the {resource} resources to read.",
            "schema": {"type": "string", "minLength": 34, "maxLength": 34, "pattern": "^AC[0-9a-fA-F]{32}$"},
        }
        sid = {"name": "Sid", "in": "path", "required": True, "description": sentence(rng, 16),
               "schema": {"type": "string", "minLength": 34, "maxLength": 34, "pattern": "^[A-Z]{2}[0-9a-fA-F]{32}$"}}
        paging = [
            {"name": "PageSize", "in": "query", "description": "How many resources to return in each list page. The default is 50, and the maximum is 1000.",
             "schema": {"type": "integer", "format": "int64", "minimum": 1, "maximum": 1000}},
            {"name": "Page", "in": "query", "description": "The page index. This value is simply for client state.",
             "schema": {"type": "integer", "minimum": 0}},
            {"name": "PageToken", "in": "query", "description": "The page token. This is provided by the API.",
             "schema": {"type": "string"}},
        ]
        filters = [{"name": pascal(stem), "in": "query", "description": sentence(rng, rng.randrange(20, 48)),
                    "schema": {"type": "string", "format": "date-time"} if stem.startswith("date_") else {"type": "string"}}
                   for stem in stems[3 : 3 + 2 + index % 5]]
        if resource == "Message":
            body = CREATE_MESSAGE
        else:
            body = [(pascal(stem), {"$ref": f"#/components/schemas/{enum_name}"} if stem == "status" else {"type": "string"})
                    for stem in stems[4 : 4 + 6 + index % 9]]

        def form(title, fields, required):
            properties = {}
            for name, schema in fields:
                entry = dict(schema)
                entry["description"] = sentence(rng, rng.randrange(36, 100))
                properties[name] = entry
            schema = {"type": "object", "title": title, "properties": properties}
            if required:
                schema["required"] = required
            return {"content": {"application/x-www-form-urlencoded": {"schema": schema}}}

        def answer(status, description, schema):
            return {str(status): {"description": description, "content": {"application/json": {"schema": schema}}}}

        ref = {"$ref": f"#/components/schemas/{component}"}
        page = {"type": "object", "title": f"List{resource}Response", "properties": {
            snake(plural): {"type": "array", "items": ref},
            "end": {"type": "integer"}, "first_page_uri": {"type": "string"}, "next_page_uri": {"type": "string"},
            "page": {"type": "integer"}, "page_size": {"type": "integer"}, "previous_page_uri": {"type": "string"},
            "start": {"type": "integer"}, "uri": {"type": "string"}}}
        common = {"security": [{"accountSid_authToken": []}], "x-maturity": ["GA"]}
        properties = list(schemas[component]["properties"])
        paths[list_path] = {
            "servers": [{"url": server}],
            "description": sentence(rng, 24),
            "x-twilio": {"defaultOutputProperties": properties[:6], "pathType": "list", "parent": "/Accounts.json"},
            "get": {"description": sentence(rng, 48), "tags": ["Api20100401" + resource], "parameters": [account, *filters, *paging],
                    "responses": answer(200, "OK", page), **common, "operationId": f"List{resource}"},
            "post": {"description": sentence(rng, 48), "tags": ["Api20100401" + resource], "parameters": [account],
                     "responses": answer(201, "Created", ref), **common, "operationId": f"Create{resource}",
                     "requestBody": form(f"Create{resource}Request", body, [body[0][0]])},
        }
        paths[instance_path] = {
            "servers": [{"url": server}],
            "description": sentence(rng, 24),
            "x-twilio": {"defaultOutputProperties": properties[:6], "pathType": "instance", "parent": list_path},
            "get": {"description": sentence(rng, 48), "tags": ["Api20100401" + resource], "parameters": [account, sid],
                    "responses": answer(200, "OK", ref), **common, "operationId": f"Fetch{resource}"},
            "post": {"description": sentence(rng, 48), "tags": ["Api20100401" + resource], "parameters": [account, sid],
                     "responses": answer(200, "OK", ref), **common, "operationId": f"Update{resource}",
                     "requestBody": form(f"Update{resource}Request", body[1:], [])},
            "delete": {"description": sentence(rng, 48), "tags": ["Api20100401" + resource], "parameters": [account, sid],
                       "responses": {"204": {"description": "The resource was deleted successfully."}}, **common,
                       "operationId": f"Delete{resource}"},
        }
    for name, values in MESSAGE_ENUMS.items():
        schemas[name] = {"type": "string", "enum": values}
    return {
        "openapi": "3.0.1",
        "info": {
            "title": "Twilio - Api", "description": "This is the public Twilio REST API.",
            "termsOfService": "https://www.twilio.com/legal/tos",
            "contact": {"name": "Twilio Support", "url": "https://support.twilio.com", "email": "support@twilio.com"},
            "license": {"name": "Apache 2.0", "url": "https://www.apache.org/licenses/LICENSE-2.0.html"},
            "version": "1.0.0",
        },
        "servers": [{"url": server}],
        "security": [{"accountSid_authToken": []}],
        "paths": paths,
        "components": {
            "securitySchemes": {"accountSid_authToken": {"type": "http", "scheme": "basic"}},
            "schemas": schemas,
        },
        "x-maturity": [{"name": "GA", "description": "This product is Generally Available."}],
    }


def changed(original, seed=0x76320000):
    """A next version of `document(...)`, changed the way a real API's next version is."""
    rng = random.Random(seed)
    rng.verbosity = 1.0
    result = copy.deepcopy(original)
    paths = {}
    for index, (path, item) in enumerate(result["paths"].items()):
        resource = index // 2
        if resource % 4 == 1:  # moved under a new prefix, operationIds kept: the diff pairs them
            path = path.replace("/2010-04-01/", "/2011-01-01/")
        for method in ("get", "post", "delete"):
            operation = item.get(method)
            if operation is None:
                continue
            if resource % 7 == 3:  # renamed at the same method + path
                operation["operationId"] += "V2"
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "query" and parameter["name"] == "PageSize" and resource % 3 == 0:
                    parameter["required"] = True
                if parameter["in"] == "query" and parameter["name"] not in ("Page", "PageSize", "PageToken") and resource % 5 == 2:
                    parameter["schema"] = {"type": "integer"}
            body = operation.get("requestBody", {}).get("content", {}).get("application/x-www-form-urlencoded", {}).get("schema")
            if body is not None and resource % 3 == 1:
                body["properties"]["Priority"] = {"type": "integer", "description": sentence(rng, 20)}
                body.setdefault("required", []).append("Priority")
        if resource % 11 == 5 and "delete" in item:  # an operation dropped
            del item["delete"]
        paths[path] = item
    for index in range(5):  # operations only the new version has
        paths[f"/2010-04-01/Accounts/{{AccountSid}}/Brand{index}s.json"] = {
            "get": {"operationId": f"ListBrand{index}", "description": sentence(rng, 48),
                    "parameters": [{"name": "AccountSid", "in": "path", "required": True, "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {"type": "object"}}}}}}}
    result["paths"] = paths
    for index, (name, schema) in enumerate(result["components"]["schemas"].items()):
        if "enum" in schema:
            if index % 3 == 0 and len(schema["enum"]) > 1:
                schema["enum"] = schema["enum"][:-1]
            continue
        properties = schema["properties"]
        stems = list(properties)
        if index % 2 == 0:
            del properties[stems[-1]]
        if index % 3 == 0:
            properties[stems[1]] = {"type": "integer", "nullable": True, "description": sentence(rng, 20)}
        if index % 4 == 0:
            properties["tags"] = {"type": "array", "items": {"type": "string"}, "description": sentence(rng, 20)}
    result["info"]["version"] = "2.0.0"
    return result
