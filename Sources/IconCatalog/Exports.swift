// The values an icon is described by (device family, appearance, colour) live in the leaf module
// IconModel, which a module can use without the readers; a user of IconCatalog still sees them.
@_exported import IconModel
