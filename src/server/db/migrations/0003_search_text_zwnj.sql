-- search_text() as 0001 defines it now (with the Persian zero-width non-joiner read as a
-- space); a database migrated with an earlier draft of 0001 gets the same function,
-- before 0004 stores its result in products.search_name.
CREATE OR REPLACE FUNCTION search_text(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT translate(
    lower(public.unaccent('public.unaccent'::regdictionary, value)),
    'يىكأإآٱة' || chr(8204) || 'ًٌٍَُِّْٰـ',
    'ییکااااه '
  )
$$;
