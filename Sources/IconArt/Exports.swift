// Bitmaps, pixel pictures and the PNG encoder live in the leaf module Pixels, which the picture
// encoders use without the readers behind IconArt; a user of IconArt still sees them.
@_exported import Pixels
