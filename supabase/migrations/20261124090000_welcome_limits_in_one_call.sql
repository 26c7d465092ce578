-- A welcome request's two limits (docs/product.md §4.6) in one call, which the statement that
-- records the welcome makes first (supabase/functions/_shared/welcome/welcome-store.ts, record): a welcome
-- request is one round trip to the database, where it was three. The client's limit comes first: a
-- client over it is refused without its request counting against the recipient.

/** 0 when the client and the recipient both have room (both counted), otherwise the seconds to wait. */
create function guard.take_welcome(headers json, recipient text) returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  wait integer := guard.take('welcome_client', guard.client_address(headers));
begin
  if wait > 0 then
    return wait;
  end if;
  return guard.take('welcome_recipient', lower(recipient));
end;
$$;

-- Called with the function's own rights (service role), as guard.take is; nobody else.
revoke all on function guard.take_welcome(json, text) from public;
