/* version.h - the referee's version, written into every record. */
#ifndef VERSION_H
#define VERSION_H

#define REFEREE_VERSION "0.1.0"

#endif
