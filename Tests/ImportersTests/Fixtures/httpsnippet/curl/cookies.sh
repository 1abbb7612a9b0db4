curl --request POST \
  --url http://mockbin.com/har \
  --cookie 'foo=bar; bar=baz'