#!/usr/bin/env bash
# check_links.sh SOURCE_DIR: nothing a user reads or runs points outside the
# repository.
#   1. every relative link in a Markdown file ([text](path) or [text](path#anchor))
#      names a file or folder that exists in the repository;
#   2. no file of the repository refers to the course's private folder beside
#      the project (the documents and the catalogue the workbook was built
#      from): the repository describes the documents itself (docs/DOCUMENTS.md)
#      and carries its own catalogue (docs/CLAIMS.md).
# Exit 0 when both hold, 1 (listing every offence) otherwise.
set -uo pipefail
cd "${1:?usage: check_links.sh SOURCE_DIR}" || exit 2

bad=0
files() {  # the repository's own files, build output and git's store left out
  find . \( -path ./build -o -path ./.git \) -prune -o -type f "$@" -print | sort
}

# 1. relative Markdown links
while IFS= read -r md; do
  dir=$(dirname "$md")
  while IFS= read -r target; do
    case "$target" in
      http://*|https://*|mailto:*|'#'*|'') continue ;;
    esac
    path=${target%%#*}
    if [ ! -e "$dir/$path" ]; then
      echo "$md: link to '$target': no such file in the repository"
      bad=1
    fi
  done < <(grep -oP '(?<!\\)\]\([^)]*\)' "$md" | sed 's/^](//; s/)$//; s/ .*//')   # an escaped \] is no link
done < <(files -name '*.md')

# 2. references to the folder outside (pattern split so this file does not match itself)
outside='\.\./'"shared|"'shared/'"seeds|"'/work/'"shared"
while IFS= read -r hit; do
  echo "$hit: refers to a folder outside the repository"
  bad=1
done < <(find . \( -path ./build -o -path ./.git \) -prune -o -type f -exec grep -EIHn "$outside" {} + 2>/dev/null)

[ $bad -eq 0 ] && echo "check_links: every Markdown link resolves inside the repository; nothing refers outside it"
exit $bad
