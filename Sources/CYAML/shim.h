#ifndef APISH_CYAML_SHIM_H
#define APISH_CYAML_SHIM_H

#include <yaml.h>

/* An event's fields live in a union per event type, which Swift reaches only through long member chains.
   One accessor per field the reader needs keeps those chains, and which union arm is meant, in one place. */

static inline const unsigned char *apish_yaml_anchor(const yaml_event_t *event) {
    switch (event->type) {
    case YAML_ALIAS_EVENT: return event->data.alias.anchor;
    case YAML_SCALAR_EVENT: return event->data.scalar.anchor;
    case YAML_SEQUENCE_START_EVENT: return event->data.sequence_start.anchor;
    case YAML_MAPPING_START_EVENT: return event->data.mapping_start.anchor;
    default: return 0;
    }
}

static inline const unsigned char *apish_yaml_tag(const yaml_event_t *event) {
    switch (event->type) {
    case YAML_SCALAR_EVENT: return event->data.scalar.tag;
    case YAML_SEQUENCE_START_EVENT: return event->data.sequence_start.tag;
    case YAML_MAPPING_START_EVENT: return event->data.mapping_start.tag;
    default: return 0;
    }
}

static inline const unsigned char *apish_yaml_scalar_value(const yaml_event_t *event) {
    return event->data.scalar.value;
}

static inline size_t apish_yaml_scalar_length(const yaml_event_t *event) {
    return event->data.scalar.length;
}

/* Plain (unquoted, untagged block or flow) scalars are the only ones the core schema resolves. */
static inline int apish_yaml_scalar_is_plain(const yaml_event_t *event) {
    return event->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

static inline size_t apish_yaml_start_line(const yaml_event_t *event) {
    return event->start_mark.line;
}

static inline size_t apish_yaml_start_column(const yaml_event_t *event) {
    return event->start_mark.column;
}

static inline void apish_yaml_set_input(yaml_parser_t *parser, const unsigned char *input, size_t size) {
    yaml_parser_set_input_string(parser, input, size);
}

#endif
