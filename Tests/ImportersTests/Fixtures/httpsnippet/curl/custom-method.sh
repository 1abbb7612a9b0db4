curl --request PROPFIND \
  --url http://mockbin.com/har