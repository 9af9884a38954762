-- Images stored by the server (server/media): one row per upload (content-addressed: the
-- same kind and bytes give the same id), the files themselves in the media folder (MEDIA_DIR, else
-- DATA_DIR/media) as <id>-<width>.<avif|webp|png|jpg>.
create table if not exists media (
  id text primary key,
  kind text not null,
  source_type text not null,
  source_bytes int not null,
  width int not null,
  height int not null,
  widths int[] not null,
  fallback text not null,
  created_by int,
  created_at timestamptz not null
)
