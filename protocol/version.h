/* version.h - the engine's name and version, as `name`, `version` and --version report them. */
#ifndef AMAZONS_VERSION_H
#define AMAZONS_VERSION_H

#define ENGINE_NAME "Amazons"
#define ENGINE_VERSION "0.1.0"

#endif
