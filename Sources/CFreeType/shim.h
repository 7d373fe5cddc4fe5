#include <ft2build.h>
#include FT_FREETYPE_H

/* FreeType's load flags are macros built from shifts, which Swift does not import. */
static const FT_Int32 GSFTLoadDefault = FT_LOAD_DEFAULT;
static const FT_Int32 GSFTLoadRender = FT_LOAD_RENDER;
static const FT_Int32 GSFTLoadTargetLight = FT_LOAD_TARGET_LIGHT;
static const FT_Long GSFTFaceFlagKerning = FT_FACE_FLAG_KERNING;
