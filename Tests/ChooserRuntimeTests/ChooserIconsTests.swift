import ChooserRuntime
import ChooserUI
import IconArt
import IconCatalog
import TestSupport
import Testing

/// The grid's items and the pictures' icons come from one list.
@Suite struct ChooserIconsTests {
    @Test func itemsFollowTheIconsOfEverySetInOrder() throws {
        let sets = try Idiom.allCases.map { idiom in
            try CatalogReader.read(app: Repository.demoPlist, options: CatalogOptions(idiom: idiom))
        }
        let icons = ChooserIcons(joining: sets.map { catalog in
            ChooserIcons(catalog: catalog, images: IconImageFinder(catalog: catalog, options: CatalogOptions(idiom: catalog.idiom)), depth: .truecolor, ascii: false)
        })
        let items = icons.items
        #expect(items.count == icons.count && items.count == sets.map(\.icons.count).reduce(0, +))
        for item in items {
            #expect(icons.icon(item.key)?.name == item.name)
        }
        #expect(items.map(\.idiom) == sets.flatMap { catalog in catalog.icons.map { _ in catalog.idiom } })
    }
}
