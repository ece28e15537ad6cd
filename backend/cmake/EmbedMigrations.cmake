# portal_embed_migrations(<migrations dir> <output .cpp>)
#
# Generates <output .cpp> defining portal::db::embedded_migrations(Engine) from
# <migrations dir>/sqlite/NNNN_name.sql and <migrations dir>/postgres/NNNN_name.sql.
# The file is regenerated at build time when a .sql file changes, is added or is removed:
# the glob is CONFIGURE_DEPENDS (adding/removing re-runs CMake), the list of files is written to a
# stamp that changes only when the list does, and the generating command depends on every file.
# EmbedMigrationsScript.cmake checks the names, the versions and the raw-string delimiter.

set(PORTAL_EMBED_MIGRATIONS_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/EmbedMigrationsScript.cmake)

function(portal_embed_migrations migrations_dir output)
  file(GLOB portal_migration_files CONFIGURE_DEPENDS
    ${migrations_dir}/sqlite/*.sql
    ${migrations_dir}/postgres/*.sql)
  list(SORT portal_migration_files)

  # Rewritten only when its content changes, so removing a file also triggers regeneration.
  set(list_file ${output}.files)
  string(REPLACE ";" "\n" list_text "${portal_migration_files}")
  file(CONFIGURE OUTPUT ${list_file} CONTENT "${list_text}\n" @ONLY)

  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND}
      -DMIGRATIONS_DIR=${migrations_dir}
      -DOUTPUT=${output}
      -P ${PORTAL_EMBED_MIGRATIONS_SCRIPT}
    DEPENDS ${portal_migration_files} ${list_file} ${PORTAL_EMBED_MIGRATIONS_SCRIPT}
    COMMENT "Embedding SQL migrations from ${migrations_dir}"
    VERBATIM)
endfunction()
